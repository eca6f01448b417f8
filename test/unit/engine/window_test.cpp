// Window functions through kiln::Connection: EXPLAIN shows the Window operator with its estimate,
// and a chain of windows over many rows agrees with sums computed here.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "kiln/kiln.h"
#include "result_lines.h"

using namespace kiln;

namespace {

TEST(Window, ExplainShowsTheOperatorAndItsEstimate) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (g INTEGER, x INTEGER)");
   con.query("INSERT INTO t VALUES (1, 1), (1, 2), (2, 3)");
   std::string text = allLines(con.query("EXPLAIN SELECT g, rank() OVER (PARTITION BY g ORDER BY x DESC), sum(x) OVER () FROM t"));
   EXPECT_NE(text.find("-> Window rank := rank(); partition by g; order by x DESC NULLS FIRST  (rows=3)"), std::string::npos) << text;
   EXPECT_NE(text.find("-> Window sum := sum(x)  (rows=3)"), std::string::npos) << text;
   text = allLines(con.query("EXPLAIN SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t"));
   EXPECT_NE(text.find("ROWS BETWEEN 1 PRECEDING AND CURRENT ROW"), std::string::npos) << text;
   text = allLines(con.query("EXPLAIN SELECT sum(x) OVER (ORDER BY x::numeric RANGE BETWEEN 2.5 PRECEDING AND CURRENT ROW EXCLUDE TIES) FROM t"));
   EXPECT_NE(text.find("RANGE BETWEEN 2.5 PRECEDING AND CURRENT ROW EXCLUDE TIES"), std::string::npos) << text;
   text = allLines(con.query("EXPLAIN ANALYZE SELECT row_number() OVER (ORDER BY x) FROM t"));
   EXPECT_NE(text.find("3 rows"), std::string::npos) << text;
}

TEST(Window, RunningSumsAndRanksOverManyRows) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (id INTEGER, g INTEGER, x INTEGER)");
   // Enough rows for several growths of the row buffer; x has many ties within each group.
   con.query("INSERT INTO t SELECT i, i % 37, (i * 7919) % 101 FROM generate_series(1, 50000) i");
   Result r = con.query(
      "SELECT id, g, x, sum(x) OVER (PARTITION BY g ORDER BY x), rank() OVER (PARTITION BY g ORDER BY x), "
      "row_number() OVER (ORDER BY id DESC) FROM t");
   ASSERT_EQ(r.rowCount(), 50000u);
   struct Row {
      int64_t id, g, x;
   };
   std::map<int64_t, std::vector<Row>> groups;
   for (int64_t i = 1; i <= 50000; ++i) groups[i % 37].push_back({i, i % 37, (i * 7919) % 101});
   std::map<int64_t, std::pair<int64_t, int64_t>> expected;  // id -> running sum over peers, rank
   for (auto& [g, rows] : groups) {
      std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.x < b.x; });
      int64_t sum = 0;
      for (size_t i = 0; i < rows.size();) {
         size_t end = i;
         while (end < rows.size() && rows[end].x == rows[i].x) sum += rows[end++].x;
         for (size_t j = i; j < end; ++j) expected[rows[j].id] = {sum, int64_t(i) + 1};
         i = end;
      }
   }
   for (size_t row = 0; row < r.rowCount(); ++row) {
      int64_t id = std::stoll(r.getString(row, 0));
      ASSERT_EQ(std::stoll(r.getString(row, 3)), expected[id].first) << "id " << id;
      ASSERT_EQ(std::stoll(r.getString(row, 4)), expected[id].second) << "id " << id;
      ASSERT_EQ(std::stoll(r.getString(row, 5)), 50001 - id) << "id " << id;
   }
}

}  // namespace
