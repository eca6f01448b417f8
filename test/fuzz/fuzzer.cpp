#include "fuzzer.h"

#include "generator.h"
#include "kiln_runner.h"
#include "random.h"
#include "report.h"
#include "shrinker.h"

#include <set>
#include <stdexcept>

namespace kiln::fuzz {

namespace {

size_t setupStatements(const Case& c) {
   size_t count = 0;
   for (const Table& table : c.tables) count += table.setupStatements().size();
   return count;
}

bool dataException(const Outcome& outcome) {
   return outcome.status == Outcome::Status::Error && (outcome.sqlstate.starts_with("21") || outcome.sqlstate.starts_with("22"));
}

/// Statement `index` of the case (counting those the shrinker has not left out).
const SqlNode& statementAt(const Case& c, size_t index) {
   for (const Statement& statement : c.statements)
      if (!statement.sql->dropped && index-- == 0) return *statement.sql;
   throw std::logic_error("kiln_fuzz: a statement past the last");
}

bool isQuery(const Piece& piece) { return piece.node && piece.node->shape.starts_with("query"); }

/// A scalar subquery: `(query)` as an expression.
bool isScalarSubquery(const SqlNode& n) {
   return n.pieces.size() == 3 && n.pieces[0].text == "(" && isQuery(n.pieces[1]) && n.pieces[2].text == ")" && !n.shape.starts_with("query");
}

/// The parts of `statement` that can run on their own, as queries: each FROM item that computes
/// something (a join, a derived table), each subquery, and each scalar subquery as the value of
/// a SELECT (where more than one row is an error), as generated and with its constants unfolded.
/// A part that reads what it cannot see alone (an outer column, a CTE) fails with a 42xxx error,
/// which serves no one.
std::vector<std::string> parts(const SqlNode& statement) {
   NodePtr copy = statement.clone();
   std::vector<SqlNode*> nodes;
   copy->collect(nodes);
   std::set<std::string> seen;
   std::vector<std::string> out;
   for (size_t i = 1; i < nodes.size(); ++i) {
      const SqlNode& n = *nodes[i];
      bool from = n.shape == "from", scalar = isScalarSubquery(n);
      if (!from && !scalar && !n.shape.starts_with("query")) continue;
      bool computes = false;
      for (const Piece& piece : n.pieces) computes |= piece.node != nullptr;
      if (!computes) continue;  // a table, a CTE, generate_series
      for (Unfold unfold : {Unfold::None, Unfold::WithRowColumns}) {
         std::string text = n.print(unfold);
         std::string sql = from ? "SELECT * FROM " + text : scalar ? "SELECT " + text : "SELECT * FROM (" + text + ") AS part";
         if (seen.insert(sql).second) out.push_back(sql);
      }
   }
   return out;
}

}  // namespace

Fuzzer::Run Fuzzer::runAndCompare(const Case& c) {
   std::vector<ScriptStatement> script = c.script();
   std::vector<std::string> statements;
   for (const ScriptStatement& s : script) statements.push_back(s.sql);
   // kiln's child runs while PostgreSQL does.
   KilnRun kiln(statements, options_.kilnTimeout);
   Run r;
   r.postgres = postgres_.run(statements);
   r.kiln = kiln.finish();
   r.verdict = compare(script, r.kiln, r.postgres);
   return r;
}

bool Fuzzer::evaluatedByOne(const Case& c, const Run& r) {
   size_t at = r.verdict.statement, setup = setupStatements(c);
   if (at < setup || at >= r.kiln.size() || at >= r.postgres.size()) return false;
   const Outcome& k = r.kiln[at];
   const Outcome& p = r.postgres[at];
   if (!(dataException(k) && p.ok()) && !(dataException(p) && k.ok())) return false;

   for (Unfold unfold : {Unfold::WithRowColumns, Unfold::WithSubqueries}) {
      std::vector<std::string> statements;
      for (const ScriptStatement& s : c.script(unfold)) statements.push_back(s.sql);
      Outcomes unfolded = postgres_.run(statements);
      if (at >= unfolded.size()) break;
      if (k.ok() ? unfolded[at].ok() : dataException(unfolded[at])) return true;
      // A row column the shrinker has left out of reach (42703, 42P01, 42803): try subqueries.
      if (!unfolded[at].sqlstate.starts_with("42")) break;
   }
   if (failsInAPart(c, at, k.ok(), k.ok() ? p.sqlstate : k.sqlstate)) return true;
   if (failsWithRows(c, at, k.ok(), k.ok() ? p.sqlstate : k.sqlstate)) return true;

   Case empty = c.clone();
   for (Table& table : empty.tables) table.rows.clear();
   Run e = runAndCompare(empty);
   size_t same = setupStatements(empty) + (at - setup);
   if (same >= e.kiln.size() || same >= e.postgres.size()) return false;
   const Outcome& failing = k.ok() ? e.postgres[same] : e.kiln[same];
   const Outcome& other = k.ok() ? e.kiln[same] : e.postgres[same];
   const Outcome& before = k.ok() ? p : k;
   return failing.failedWith(before.sqlstate) && other.ok();
}

bool Fuzzer::failsInAPart(const Case& c, size_t at, bool onKiln, const std::string& sqlstate) {
   std::vector<std::string> statements;
   for (const ScriptStatement& s : c.script()) {
      if (statements.size() == at) break;
      statements.push_back(s.sql);
   }
   std::vector<std::string> probes = parts(statementAt(c, at - setupStatements(c)));
   if (probes.empty()) return false;
   statements.insert(statements.end(), probes.begin(), probes.end());
   Outcomes outcomes = onKiln ? KilnRun(statements, options_.kilnTimeout).finish() : postgres_.run(statements);
   for (size_t i = at; i < outcomes.size(); ++i)
      if (outcomes[i].failedWith(sqlstate)) return true;
   return false;
}

bool Fuzzer::failsWithRows(const Case& c, size_t at, bool onKiln, const std::string& sqlstate) {
   Case filled = c.clone();
   bool changed = false;
   for (Table& table : filled.tables)
      if (table.rows.empty()) {
         table.rows.emplace_back(table.columns.size(), "NULL");
         table.rows.back()[0] = "1";  // the id
         changed = true;
      }
   std::vector<ScriptStatement> script = filled.script(Unfold::MoreRows);
   size_t same = setupStatements(filled) + (at - setupStatements(c));
   if (!changed && script[same].sql == c.script()[at].sql) return false;
   std::vector<std::string> statements;
   for (size_t i = 0; i <= same; ++i) statements.push_back(script[i].sql);
   Outcomes outcomes = onKiln ? KilnRun(statements, options_.kilnTimeout).finish() : postgres_.run(statements);
   return same < outcomes.size() && outcomes[same].failedWith(sqlstate);
}

Fuzzer::Run Fuzzer::run(const Case& c) {
   Run r = runAndCompare(c);
   if (r.verdict.kind == Verdict::Kind::Failure && evaluatedByOne(c, r)) r.verdict.kind = Verdict::Kind::EvaluatedByOne;
   return r;
}

bool Fuzzer::runCase(uint64_t index) {
   Random random(caseSeed(options_.seed, index));
   Generator generator(random, options_.switches);
   Case c = generator.generateCase();
   if (options_.printCases) {
      out_ << "-- case " << index << "\n";
      for (const ScriptStatement& s : c.script()) out_ << s.sql << ";\n";
   }
   Run r = run(c);
   ++statistics_.cases;
   switch (r.verdict.kind) {
      case Verdict::Kind::Same:
         ++statistics_.same;
         if (!r.verdict.bothFailedWith.empty() && !r.postgres.empty() && !r.postgres.back().ok()) {
            ++statistics_.bothFailed;
            ++statistics_.bothFailedStates[r.verdict.bothFailedWith];
            statistics_.bothFailedExamples.emplace(r.verdict.bothFailedWith, r.postgres.back().message.substr(0, 100));
         }
         return true;
      case Verdict::Kind::Unsupported:
         ++statistics_.unsupported;
         ++statistics_.unsupportedMessages[r.kiln[r.verdict.statement].message.substr(0, 100)];
         return true;
      case Verdict::Kind::Skipped: ++statistics_.skipped; return true;
      case Verdict::Kind::EvaluatedByOne: ++statistics_.evaluatedByOne; return true;
      case Verdict::Kind::Failure: break;
   }
   ++statistics_.failures;
   reportFailure(index, c, r);
   return false;
}

void Fuzzer::reportFailure(uint64_t index, const Case& c, const Run& first) {
   out_ << "\n==== FAILURE: " << first.verdict.signature << " (seed " << options_.seed << ", case " << index << ")\n";
   out_ << "     again: kiln_fuzz --seed " << options_.seed << " --case " << index;
   if (options_.switches.describeOn() != "none") out_ << " --enable " << options_.switches.describeOn();
   out_ << "\n";
   Run again = run(c);
   if (again.verdict.kind != Verdict::Kind::Failure || again.verdict.signature != first.verdict.signature) {
      out_ << "     (a second run did not fail the same way: flaky; the case as generated)\n" << reproduction(c, first.verdict, first.kiln, first.postgres);
      return;
   }
   if (!options_.shrink) {
      out_ << reproduction(c, first.verdict, first.kiln, first.postgres);
      return;
   }
   const std::string& signature = first.verdict.signature;
   Shrinker shrinker(
      [&](const Case& candidate) {
         Run r = run(candidate);
         return r.verdict.kind == Verdict::Kind::Failure && r.verdict.signature == signature;
      },
      options_.shrinkAttempts, options_.shrinkTime);
   Case small = shrinker.shrink(c);
   Run last = run(small);
   out_ << "     (shrunk in " << shrinker.attempts() << " attempts)\n" << reproduction(small, last.verdict, last.kiln, last.postgres);
   out_.flush();
}

}  // namespace kiln::fuzz
