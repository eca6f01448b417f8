// WITH RECURSIVE beyond the PostgreSQL-checked SQL tests: EXPLAIN, EXPLAIN ANALYZE counts over
// all runs of the recursive term, and many runs with a hash join rebuilt in each.
#include <gtest/gtest.h>

#include "kiln/kiln.h"
#include "result_lines.h"

using namespace kiln;

TEST(RecursiveCte, ExplainShowsTheUnionAndTheWorkingTable) {
   Database db;
   Connection con(db);
   std::string query = "WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT n % 5 + 1 FROM t) SELECT count(*) FROM t";
   std::string text = allLines(con.query("EXPLAIN " + query));
   EXPECT_NE(text.find("-> RecursiveUnion"), std::string::npos) << text;
   EXPECT_NE(text.find("-> WorkTableScan"), std::string::npos) << text;
   // The recursive term ran five times, with one row each time.
   text = allLines(con.query("EXPLAIN ANALYZE " + query));
   EXPECT_NE(text.find("-> WorkTableScan  (rows=1 actual=5)"), std::string::npos) << text;
}

TEST(RecursiveCte, ManyRunsWithAJoin) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE chain (a INTEGER, b INTEGER)");
   con.query("INSERT INTO chain SELECT i, i + 1 FROM generate_series(1, 3000) i");
   Result r = con.query(
      "WITH RECURSIVE t(n, d) AS (SELECT 1, 0 UNION ALL SELECT chain.b, t.d + 1 FROM t JOIN chain ON chain.a = t.n) "
      "SELECT count(*), max(d), sum(n) FROM t");
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getString(0, 0), "3001");
   EXPECT_EQ(r.getString(0, 1), "3000");
   EXPECT_EQ(r.getString(0, 2), std::to_string(3001 * 3002 / 2));
}
