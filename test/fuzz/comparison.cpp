#include "comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace kiln::fuzz {

namespace {

bool isFloatType(const std::string& type) { return type == "real" || type == "double precision"; }

bool parseFloat(const std::string& text, double& value) {
   if (text == "NaN") {
      value = std::nan("");
      return true;
   }
   char* end = nullptr;
   value = std::strtod(text.c_str(), &end);
   return end && *end == '\0' && !text.empty();
}

/// The text with every run of digits as one 'd': "1.25e+30" -> "d.de+d". Two floats written
/// in the same form may differ in their digits (the last ones, by rounding) but not in form.
std::string form(const std::string& text) {
   if (text == "-0") return "d";
   std::string out;
   for (char c : text) {
      bool digit = c >= '0' && c <= '9';
      if (!digit) out += c;
      else if (out.empty() || out.back() != 'd') out += 'd';
   }
   return out;
}

/// A sort key for a row in a multiset comparison: floats rounded, so that last-digit noise
/// does not move a row.
std::string sortKey(const Row& row, const std::vector<std::string>& types) {
   std::string key;
   for (size_t c = 0; c < row.size(); ++c) {
      if (!row[c]) {
         key += "\x01|";
         continue;
      }
      double value;
      if (c < types.size() && isFloatType(types[c]) && parseFloat(*row[c], value)) {
         char buffer[40];
         if (std::isnan(value)) std::snprintf(buffer, sizeof buffer, "NaN");
         else std::snprintf(buffer, sizeof buffer, "%.6e", value == 0 ? 0.0 : value);
         key += buffer;
      } else {
         key += *row[c];
      }
      key += "\x02|";
   }
   return key;
}

std::string errorClass(const Outcome& outcome) { return outcome.sqlstate.substr(0, 2); }

bool changesRows(const std::string& sql) { return sql.starts_with("INSERT") || sql.starts_with("UPDATE") || sql.starts_with("DELETE"); }

bool dataException(const Outcome& outcome) {
   std::string c = errorClass(outcome);
   return outcome.status == Outcome::Status::Error && (c == "21" || c == "22");
}

/// An answer without rows: a query's empty result, "INSERT 0 0", "UPDATE 0", "DELETE 0".
bool answeredNothing(const Outcome& outcome) { return outcome.ok() && outcome.rows.empty() && (!outcome.columnTypes.empty() || outcome.tag.ends_with(" 0")); }

/// A data exception in one system where the other answered nothing, or two of different
/// classes: the expression that failed ran in one system only. PostgreSQL folds constants when
/// it plans, so it fails over empty tables where kiln (folding when it compiles, or not at all)
/// does not; and each may evaluate conditions and subqueries in another order, or not at all
/// for rows that do not reach them.
bool evaluatedByOne(const Outcome& kiln, const Outcome& postgres) {
   // 23: a constraint checked before or after the failing expression; 54: chr() and NUL.
   auto otherError = [](const Outcome& o) { return dataException(o) || errorClass(o) == "23" || errorClass(o) == "54"; };
   if (dataException(kiln)) return answeredNothing(postgres) || otherError(postgres);
   if (dataException(postgres)) return answeredNothing(kiln) || otherError(kiln);
   return false;
}

Verdict failure(size_t statement, std::string signature) {
   Verdict v;
   v.kind = Verdict::Kind::Failure;
   v.statement = statement;
   v.signature = std::move(signature);
   return v;
}

bool sameRows(const Outcome& kiln, const Outcome& postgres, bool ordered) {
   if (kiln.columnTypes.size() != postgres.columnTypes.size() || kiln.rows.size() != postgres.rows.size()) return false;
   std::vector<const Row*> k, p;
   for (const Row& row : kiln.rows) k.push_back(&row);
   for (const Row& row : postgres.rows) p.push_back(&row);
   if (!ordered) {
      auto byKey = [&](const Row* a, const Row* b) { return sortKey(*a, postgres.columnTypes) < sortKey(*b, postgres.columnTypes); };
      std::stable_sort(k.begin(), k.end(), byKey);
      std::stable_sort(p.begin(), p.end(), byKey);
   }
   for (size_t r = 0; r < k.size(); ++r)
      for (size_t c = 0; c < postgres.columnTypes.size(); ++c)
         if (!sameValue((*k[r])[c], (*p[r])[c], postgres.columnTypes[c])) return false;
   return true;
}

}  // namespace

bool sameValue(const std::optional<std::string>& kiln, const std::optional<std::string>& postgres, const std::string& type) {
   if (!kiln || !postgres) return !kiln && !postgres;
   if (*kiln == *postgres) return true;
   double a, b;
   if (!isFloatType(type) || !parseFloat(*kiln, a) || !parseFloat(*postgres, b) || form(*kiln) != form(*postgres)) return false;
   if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
   if (std::isinf(a) || std::isinf(b)) return a == b;
   double tolerance = type == "real" ? 1e-6 : 1e-12;
   return std::fabs(a - b) <= tolerance * std::max(std::fabs(a), std::fabs(b));
}

Verdict compare(const std::vector<ScriptStatement>& script, const Outcomes& kiln, const Outcomes& postgres) {
   Verdict verdict;
   for (size_t i = 0; i < script.size() && i < postgres.size(); ++i) {
      if (i >= kiln.size()) return failure(i, "kiln ran no further");
      const Outcome& k = kiln[i];
      const Outcome& p = postgres[i];
      if (k.status == Outcome::Status::Crash) return failure(i, "crash (" + k.message + ")");
      if (k.status == Outcome::Status::Hang) {
         if (p.failedWith("57014")) {
            verdict.kind = Verdict::Kind::Skipped;
            return verdict;
         }
         return failure(i, "hang");
      }
      if (k.failedWith("XX000")) return failure(i, "internal error XX000");
      // PostgreSQL out of time (statement_timeout) or resources: nothing to compare.
      if (p.failedWith("57014") || errorClass(p) == "53" || errorClass(p) == "54") {
         verdict.kind = Verdict::Kind::Skipped;
         verdict.statement = i;
         return verdict;
      }
      if (k.failedWith("0A000") && (p.ok() || errorClass(p) != "42")) {
         verdict.kind = Verdict::Kind::Unsupported;
         verdict.statement = i;
         return verdict;
      }
      if (evaluatedByOne(k, p) && errorClass(k) != errorClass(p)) {
         verdict.kind = Verdict::Kind::EvaluatedByOne;
         verdict.statement = i;
         return verdict;
      }
      if (!k.ok() && !p.ok()) {
         if (errorClass(k) != errorClass(p) && !k.failedWith("0A000")) return failure(i, "kiln " + k.sqlstate + ", PostgreSQL " + p.sqlstate);
         verdict.bothFailedWith = p.sqlstate;
         continue;
      }
      if (!k.ok()) return failure(i, "kiln " + k.sqlstate + ", PostgreSQL answered");
      if (!p.ok()) return failure(i, "kiln answered, PostgreSQL " + p.sqlstate);
      if (changesRows(script[i].sql) && k.tag != p.tag) return failure(i, "command tags differ");
      if (!sameRows(k, p, script[i].ordered)) return failure(i, "rows differ");
   }
   return verdict;
}

}  // namespace kiln::fuzz
