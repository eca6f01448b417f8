// Each optimizer pass can be switched off by name (SET disabled_optimizer_passes) and the query
// gives the same rows without it; the plan is well formed after every pass; EXPLAIN ANALYZE shows
// what each pass took.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "../plan_text.h"
#include "kiln/kiln.h"
#include "optimizer/optimizer.h"
#include "optimizer/plan_check.h"

namespace {

using kiln::test::plan;

std::string rowsOf(const kiln::Result& result) {
   std::string text;
   for (size_t row = 0; row < result.rowCount(); ++row) {
      for (size_t c = 0; c < result.columnCount(); ++c) text += (c ? "|" : "") + (result.isNull(row, c) ? "NULL" : result.getString(row, c));
      text += "\n";
   }
   return text;
}

std::string shown(kiln::Connection& con) { return con.query("SHOW disabled_optimizer_passes").getString(0, 0); }

/// While it lives, optimize() checks the plan after every pass.
struct PlanChecks {
   PlanChecks() { kiln::checkPlansAfterEachPass(true); }
   ~PlanChecks() { kiln::checkPlansAfterEachPass(false); }
};

TEST(OptimizerPasses, TheSettingTakesPassNames) {
   kiln::Database db;
   kiln::Connection con(db);
   EXPECT_EQ(shown(con), "");
   con.query("SET disabled_optimizer_passes = 'eager_aggregation, join_order'");
   EXPECT_EQ(shown(con), "join_order, eager_aggregation");  // in the order the passes run
   con.query("SET disabled_optimizer_passes = ' index_scans,index_joins '");
   EXPECT_EQ(shown(con), "index_joins, index_scans");
   con.query("SET disabled_optimizer_passes = eager_aggregation");
   EXPECT_EQ(shown(con), "eager_aggregation");
   con.query("SELECT set_config('disabled_optimizer_passes', 'index_scans, index_joins', false)");
   EXPECT_EQ(shown(con), "index_joins, index_scans");
   try {
      con.query("SET disabled_optimizer_passes = 'join_order, no_such_pass'");
      ADD_FAILURE() << "an unknown pass was taken";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "22023");
      EXPECT_NE(error.message().find("\"no_such_pass\""), std::string::npos) << error.message();
      for (const kiln::OptimizerPassInfo& pass : kiln::optimizerPasses()) EXPECT_NE(error.hint().find(pass.name), std::string::npos) << error.hint();
   }
   EXPECT_EQ(shown(con), "index_joins, index_scans");
   con.query("BEGIN");
   con.query("SET disabled_optimizer_passes = join_order");
   con.query("ROLLBACK");
   EXPECT_EQ(shown(con), "index_joins, index_scans");
   con.query("SET disabled_optimizer_passes = ''");
   EXPECT_EQ(shown(con), "");
   con.query("SET disabled_optimizer_passes = shared_subplans");
   con.query("RESET disabled_optimizer_passes");
   EXPECT_EQ(shown(con), "");
}

TEST(OptimizerPasses, ExplainAnalyzeShowsTheTimeOfEachPass) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (k INTEGER PRIMARY KEY, v INTEGER)");
   con.query("INSERT INTO t SELECT g, g % 7 FROM generate_series(1, 100) g");
   auto optimizerLine = [&](const std::string& explain) {
      std::string text = plan(con, explain), prefix = "Optimizer time: ";
      size_t at = text.find(prefix);
      return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
   };
   const std::string sql = "SELECT v, count(*) FROM t WHERE k > 10 GROUP BY v";
   std::string line = optimizerLine("ANALYZE " + sql);
   for (const kiln::OptimizerPassInfo& pass : kiln::optimizerPasses()) EXPECT_NE(line.find(std::string(pass.name) + " "), std::string::npos) << line;
   con.query("SET disabled_optimizer_passes = eager_aggregation");
   EXPECT_EQ(optimizerLine("ANALYZE " + sql).find("eager_aggregation"), std::string::npos);
   EXPECT_EQ(optimizerLine(sql), "");  // plain EXPLAIN shows no times
}

// Without join_order, the joins and filters stay as the query wrote them (a cross product under
// a filter): too slow for TPC-H, so small tables show that the rows are the same.
TEST(OptimizerPasses, JoinsAsWrittenGiveTheSameRows) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE a (k INTEGER, x INTEGER)");
   con.query("CREATE TABLE b (k INTEGER, y INTEGER)");
   con.query("CREATE TABLE c (y INTEGER, z TEXT)");
   con.query("INSERT INTO a SELECT g % 30, g FROM generate_series(1, 200) g");
   con.query("INSERT INTO b SELECT g % 40, g % 13 FROM generate_series(1, 150) g");
   con.query("INSERT INTO c SELECT g, 'z' || g FROM generate_series(0, 12) g");
   con.query("ANALYZE");
   PlanChecks checks;
   const std::vector<std::string> queries = {
      "SELECT a.x, b.y, c.z FROM a, b, c WHERE a.k = b.k AND b.y = c.y AND a.x < 50 ORDER BY 1, 2, 3",
      "SELECT c.z, count(*) FROM a JOIN b ON a.k = b.k LEFT JOIN c ON c.y = b.y + 1 GROUP BY c.z ORDER BY 1",
      "SELECT a.x FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.k = a.k AND b.y > 6) AND a.k NOT IN (SELECT y FROM c) ORDER BY 1",
   };
   for (const std::string& sql : queries) {
      std::string ordered = rowsOf(con.query(sql));
      con.query("SET disabled_optimizer_passes = join_order");
      std::string asWritten = rowsOf(con.query(sql));
      con.query("RESET disabled_optimizer_passes");
      EXPECT_FALSE(ordered.empty()) << sql;
      EXPECT_EQ(asWritten, ordered) << sql;
   }
}

// prefilter_choice decides where rows are tested on blocks first: under a filter most rows fail,
// and for a join most probing rows find no partner; without it, neither, with the same rows.
TEST(OptimizerPasses, PrefilterChoiceMarksWhereMostRowsFail) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE big (k INTEGER NOT NULL, v INTEGER NOT NULL)");
   con.query("CREATE TABLE small (k INTEGER NOT NULL, tag INTEGER NOT NULL)");
   con.query("INSERT INTO big SELECT g, g % 100 FROM generate_series(1, 20000) g");
   con.query("INSERT INTO small SELECT g * 7, g % 5 FROM generate_series(1, 50) g");
   con.query("ANALYZE");
   const std::vector<std::pair<std::string, bool>> queries = {
      {"SELECT count(*), sum(k) FROM big WHERE v < 3", true},
      {"SELECT count(*), sum(k) FROM big WHERE v < 90", false},
      {"SELECT count(*), sum(big.v) FROM big, small WHERE big.k = small.k", true},
   };
   for (const auto& [sql, prefiltered] : queries) {
      std::string rows = rowsOf(con.query(sql));
      EXPECT_EQ(plan(con, sql).find("vector prefilter") != std::string::npos, prefiltered) << sql;
      con.query("SET disabled_optimizer_passes = prefilter_choice");
      EXPECT_EQ(plan(con, sql).find("vector prefilter"), std::string::npos) << sql;
      EXPECT_EQ(rowsOf(con.query(sql)), rows) << sql;
      con.query("RESET disabled_optimizer_passes");
   }
}

std::string readFile(const std::string& path) {
   std::ifstream in(path);
   EXPECT_TRUE(in) << "cannot read " << path;
   return std::string(std::istreambuf_iterator<char>(in), {});
}

// The TPC-H queries at SF 0.01 give the same rows with each pass switched off as with all of
// them (but join_order: see above), and their plans are well formed after every pass.
TEST(OptimizerPasses, TpchGivesTheSameRowsWithEachPassSwitchedOff) {
   const std::string shared = KILN_DEFAULT_SHARED_DIR, data = KILN_DEFAULT_TPCH_DATA_DIR;
   kiln::Database db;
   kiln::Connection con(db);
   con.queryAll(readFile(shared + "/tpch/schema.sql"));
   for (const kiln::TableInfo& table : db.tables()) con.query("COPY " + table.name + " FROM '" + data + "/" + table.name + ".tbl' (FORMAT csv, DELIMITER '|')");
   std::vector<std::string> queries;
   for (int q = 1; q <= 22; ++q) {
      char name[16];
      std::snprintf(name, sizeof(name), "/q%02d.sql", q);
      queries.push_back(readFile(shared + "/tpch/queries" + name));
   }
   PlanChecks checks;
   std::vector<std::string> expected;
   for (const std::string& sql : queries) expected.push_back(rowsOf(con.query(sql)));
   for (const kiln::OptimizerPassInfo& pass : kiln::optimizerPasses()) {
      if (pass.pass == kiln::OptimizerPass::JoinOrder) continue;
      con.query(std::string("SET disabled_optimizer_passes = ") + pass.name);
      for (size_t q = 0; q < queries.size(); ++q) EXPECT_EQ(rowsOf(con.query(queries[q])), expected[q]) << "Q" << q + 1 << " without " << pass.name;
   }
}

}  // namespace

namespace {

// The check finds an operator that reads an IU its input does not produce, and a non-Boolean
// condition.
TEST(PlanCheck, FindsReadsOfIUsNoInputProduces) {
   kiln::QueryPlan plan;
   const kiln::IU* a = plan.ius.make(kiln::SqlType::integer(), false, "a");
   const kiln::IU* b = plan.ius.make(kiln::SqlType::integer(), false, "b");
   auto values = std::make_unique<kiln::Values>();
   values->columns = {a};
   auto filter = std::make_unique<kiln::Filter>();
   filter->condition = kiln::Expr::equality(kiln::Expr::columnRef(a), kiln::Expr::columnRef(b));
   filter->children.push_back(std::move(values));
   plan.root = std::move(filter);
   plan.columns = {a};
   try {
      kiln::checkPlan(plan, "a test");
      ADD_FAILURE() << "no error";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "XX000");
      EXPECT_EQ(error.message(), "malformed plan after a test: Filter reads b, which its inputs do not produce");
   }
   static_cast<kiln::Filter&>(*plan.root).condition = kiln::Expr::columnRef(a);
   EXPECT_THROW(kiln::checkPlan(plan, "a test"), kiln::Error);
   static_cast<kiln::Filter&>(*plan.root).condition = kiln::Expr::equality(kiln::Expr::columnRef(a), kiln::Expr::columnRef(a));
   EXPECT_NO_THROW(kiln::checkPlan(plan, "a test"));
}

}  // namespace
