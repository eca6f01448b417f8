// Whole statements through kiln::Connection: EXPLAIN, all-or-nothing INSERT, and enough rows to make
// the hash tables of GROUP BY grow, checked against sums computed here.
#include <gtest/gtest.h>

#include <map>

#include "kiln/kiln.h"
#include "result_lines.h"

using namespace kiln;

namespace {

int64_t scalar(Connection& con, const std::string& sql) { return con.query(sql).getInt64(0, 0); }

}  // namespace

TEST(Explain, ShowsPlanPipelinesAndCompileTime) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER, b TEXT)");
   Result r = con.query("EXPLAIN SELECT b, count(*) FROM t WHERE a > 1 GROUP BY b ORDER BY b");
   ASSERT_EQ(r.columnCount(), 1u);
   EXPECT_EQ(r.columnName(0), "QUERY PLAN");
   EXPECT_EQ(r.statusTag(), "EXPLAIN");
   std::string text = allLines(r);
   EXPECT_NE(text.find("Pipelines:"), std::string::npos) << text;
   EXPECT_NE(text.find("Compile time"), std::string::npos) << text;
   EXPECT_EQ(text.find("define void"), std::string::npos) << "no IR without (IR)";
   EXPECT_EQ(scalar(con, "SELECT count(*) FROM t"), 0);  // EXPLAIN alone runs nothing
}

TEST(Explain, IrShowsGeneratedFunctions) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER)");
   std::string text = allLines(con.query("EXPLAIN (IR) SELECT a + 1 FROM t"));
   EXPECT_NE(text.find("define void"), std::string::npos) << text;
   EXPECT_NE(text.find("Pipelines:"), std::string::npos);
}

TEST(Explain, AnalyzeRunsTheQuery) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER)");
   con.query("INSERT INTO t VALUES (1), (2), (3)");
   std::string text = allLines(con.query("EXPLAIN ANALYZE SELECT a FROM t WHERE a > 1"));
   EXPECT_NE(text.find("Execution time"), std::string::npos) << text;
   EXPECT_NE(text.find("2 rows"), std::string::npos) << text;
}

// Rows go into the columns column by column; a NULL for a NOT NULL column is still reported for
// the first row (and its first such column) that gives one, as PostgreSQL reports it.
TEST(FailedInsert, ReportsTheFirstRowsNullForANotNullColumn) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER NOT NULL, b TEXT NOT NULL, c INTEGER)");
   PreparedStatement insert = con.prepare("INSERT INTO t VALUES ($1, $2, 1), ($3, $4, 2), ($5, 'z', 3)");
   insert.bind(1, int64_t(1)).bind(2, "x").bind(3, int64_t(2)).bindNull(4).bindNull(5);
   try {
      insert.execute();
      ADD_FAILURE() << "no error";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "23502");
      EXPECT_EQ(e.message(), "null value in column \"b\" of relation \"t\" violates not-null constraint");
   }
   EXPECT_EQ(scalar(con, "SELECT count(*) FROM t"), 0);
   insert.bind(4, "y").bind(5, int64_t(3));
   insert.execute();
   Result r = con.query("SELECT a, b, c FROM t ORDER BY a");
   ASSERT_EQ(r.rowCount(), 3u);
   EXPECT_EQ(r.getString(1, 1), "y");
   EXPECT_EQ(r.getString(2, 1), "z");
   EXPECT_EQ(r.getInt64(2, 2), 3);
}

TEST(FailedInsert, LeavesTheTableUnchanged) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (id INTEGER NOT NULL, name VARCHAR(5), score INTEGER)");
   con.query("INSERT INTO t VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30)");
   auto expectError = [&](const std::string& sql, const std::string& sqlstate) {
      try {
         con.query(sql);
         ADD_FAILURE() << "no error: " << sql;
      } catch (const Error& e) {
         EXPECT_EQ(e.sqlstate(), sqlstate) << sql << ": " << e.message();
      }
   };
   expectError("INSERT INTO t VALUES (4, 'd', 1), (5, 'e', 1 / 0)", "22012");
   expectError("INSERT INTO t VALUES (4, 'd', 1), (5, 'too long', 1)", "22001");
   expectError("INSERT INTO t VALUES (4, 'd', 1), (NULL, 'e', 1)", "23502");
   expectError("INSERT INTO t SELECT id + 10, name, 100 / (id - 2) FROM t", "22012");
   expectError("INSERT INTO t SELECT id + 10, name, score * 100000000 FROM t", "22003");
   expectError("INSERT INTO t SELECT CASE WHEN id = 3 THEN NULL ELSE id + 10 END, name, score FROM t", "23502");
   expectError("INSERT INTO t VALUES (4, 'd', 1); INSERT INTO t VALUES (5, 'e', 1 / 0)", "22012");
   // The first statement of the last script succeeded; nothing else changed.
   Result r = con.query("SELECT id, name, score FROM t ORDER BY id");
   ASSERT_EQ(r.rowCount(), 4u);
   EXPECT_EQ(r.getInt64(3, 0), 4);
   EXPECT_EQ(r.getString(2, 1), "c");
   EXPECT_EQ(scalar(con, "SELECT sum(score) FROM t"), 61);
   EXPECT_EQ(db.table("t").rowCount, 4u);
   // And the table still takes rows.
   con.query("INSERT INTO t SELECT id + 100, name, score FROM t");
   EXPECT_EQ(scalar(con, "SELECT count(*) FROM t"), 8);
}

TEST(ManyRows, DoublingInsertsAndLargeGroupBy) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE big (k INTEGER NOT NULL, v BIGINT)");
   std::string values;
   for (int k = 0; k < 100; ++k) values += (k ? ", (" : "(") + std::to_string(k) + ", " + std::to_string(k * 7 % 1000) + ")";
   con.query("INSERT INTO big VALUES " + values);
   int64_t rows = 100;
   while (rows < 100000) {
      Result r = con.query("INSERT INTO big SELECT k + " + std::to_string(rows) + ", ((k + " + std::to_string(rows) + ") * 7) % 1000 FROM big");
      ASSERT_EQ(r.rowsAffected(), uint64_t(rows));
      rows *= 2;
   }
   ASSERT_EQ(rows, 102400);
   // Every k in [0, rows) exactly once, v = k * 7 % 1000.
   int64_t sumV = 0;
   std::map<int64_t, std::pair<int64_t, int64_t>> groups;  // k % 50000 -> (count, sum v)
   std::map<int64_t, int64_t> byV;
   for (int64_t k = 0; k < rows; ++k) {
      int64_t v = k * 7 % 1000;
      sumV += v;
      auto& g = groups[k % 50000];
      ++g.first;
      g.second += v;
      ++byV[v];
   }

   Result totals = con.query("SELECT count(*), sum(v), min(k), max(k), count(DISTINCT v) FROM big");
   EXPECT_EQ(totals.getInt64(0, 0), rows);
   EXPECT_EQ(totals.getInt64(0, 1), sumV);
   EXPECT_EQ(totals.getInt64(0, 2), 0);
   EXPECT_EQ(totals.getInt64(0, 3), rows - 1);
   EXPECT_EQ(totals.getInt64(0, 4), 1000);

   Result grouped = con.query("SELECT k % 50000 AS g, count(*), sum(v) FROM big GROUP BY k % 50000");
   ASSERT_EQ(grouped.rowCount(), groups.size());
   std::map<int64_t, std::pair<int64_t, int64_t>> seen;
   for (size_t row = 0; row < grouped.rowCount(); ++row) {
      int64_t g = grouped.getInt64(row, 0);
      ASSERT_TRUE(seen.emplace(g, std::make_pair(grouped.getInt64(row, 1), grouped.getInt64(row, 2))).second) << "group " << g << " twice";
   }
   EXPECT_TRUE(seen == groups);

   Result byValue = con.query("SELECT v, count(*) FROM big GROUP BY v ORDER BY v");
   ASSERT_EQ(byValue.rowCount(), 1000u);
   size_t row = 0;
   for (auto& [v, count] : byV) {
      ASSERT_EQ(byValue.getInt64(row, 0), v);
      ASSERT_EQ(byValue.getInt64(row, 1), count) << "v = " << v;
      ++row;
   }

   Result top = con.query("SELECT k FROM big ORDER BY k DESC LIMIT 3");
   ASSERT_EQ(top.rowCount(), 3u);
   EXPECT_EQ(top.getInt64(0, 0), rows - 1);
   EXPECT_EQ(top.getInt64(2, 0), rows - 3);
}

TEST(ManyRows, GroupByLongStrings) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE s (k INTEGER)");
   std::string values;
   for (int k = 0; k < 1000; ++k) values += (k ? ", (" : "(") + std::to_string(k) + ")";
   con.query("INSERT INTO s VALUES " + values);
   for (int n = 1000; n < 32000; n *= 2) con.query("INSERT INTO s SELECT k + " + std::to_string(n) + " FROM s");
   ASSERT_EQ(scalar(con, "SELECT count(*) FROM s"), 32000);
   // 20000 groups keyed by strings longer than 12 bytes (not inline).
   Result r = con.query("SELECT 'group number ' || (k % 20000) AS g, count(*), min(k) FROM s GROUP BY 'group number ' || (k % 20000)");
   ASSERT_EQ(r.rowCount(), 20000u);
   std::map<std::string, std::pair<int64_t, int64_t>> seen;
   for (size_t row = 0; row < r.rowCount(); ++row) seen[r.getString(row, 0)] = {r.getInt64(row, 1), r.getInt64(row, 2)};
   ASSERT_EQ(seen.size(), 20000u);
   for (int g : {0, 1, 11999, 12000, 19999}) {
      auto it = seen.find("group number " + std::to_string(g));
      ASSERT_NE(it, seen.end()) << g;
      EXPECT_EQ(it->second.first, g < 12000 ? 2 : 1) << g;  // k in [0, 32000)
      EXPECT_EQ(it->second.second, g) << g;
   }
}

TEST(Limit, StopsAnEndlessSourceOnceItHasItsRows) {
   // Without stopping, these would read 10^11 values, or recurse without end.
   Database db;
   Connection con(db);
   Result series = con.query("SELECT g * 2 FROM generate_series(1, 100000000000) g LIMIT 3");
   ASSERT_EQ(series.rowCount(), 3u);
   EXPECT_EQ(series.getInt64(2, 0), 6);
   EXPECT_EQ(con.query("SELECT count(*) FROM (SELECT * FROM generate_series(1, 100000000000) OFFSET 10 LIMIT 5) s").getInt64(0, 0), 5);
   Result recursion = con.query("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r LIMIT 4");
   ASSERT_EQ(recursion.rowCount(), 4u);
   EXPECT_EQ(recursion.getInt64(3, 0), 4);
}
