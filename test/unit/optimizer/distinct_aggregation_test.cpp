// distinct_aggregation (f(DISTINCT x) over a grouping by the keys and x) gives what the
// aggregates over DISTINCT values give: NULL keys and values, FILTER, expressions as keys and
// argument, no GROUP BY, an empty input, min/max beside DISTINCT calls; on one thread and on four.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "../plan_text.h"
#include "kiln/kiln.h"

namespace {

using kiln::test::plan;

std::string rowsOf(kiln::Result& result) {
   std::string text;
   for (size_t r = 0; r < result.rowCount(); ++r) {
      for (size_t c = 0; c < result.columnCount(); ++c) text += (c ? "|" : "") + (result.isNull(r, c) ? std::string("NULL") : result.getString(r, c));
      text += "\n";
   }
   return text;
}

TEST(DistinctAggregation, MatchesAggregatesOverDistinctValues) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (g INTEGER, h TEXT, v INTEGER, d NUMERIC(10,2))");
   std::mt19937 random(5);
   auto maybeNull = [&](const std::string& value) { return random() % 12 == 0 ? std::string("NULL") : value; };
   std::string rows;
   for (int i = 0; i < 200000; ++i) {
      rows += std::string(rows.empty() ? "" : ", ") + "(" + maybeNull(std::to_string(random() % 40)) + ", " +
              maybeNull("'h" + std::to_string(random() % 5) + "'") + ", " + maybeNull(std::to_string(int(random() % 3000) - 1000)) + ", " +
              maybeNull(std::to_string(random() % 500) + ".25") + ")";
      if (rows.size() > 100000) {
         con.query("INSERT INTO t VALUES " + rows);
         rows.clear();
      }
   }
   if (!rows.empty()) con.query("INSERT INTO t VALUES " + rows);
   con.query("CREATE TABLE empty (g INTEGER, v INTEGER)");

   const std::string queries[] = {
      "SELECT g, count(DISTINCT v) FROM t GROUP BY g ORDER BY g",
      "SELECT g, h, count(DISTINCT v), sum(DISTINCT v), avg(DISTINCT v), min(v), max(DISTINCT v) FROM t GROUP BY g, h ORDER BY g, h",
      "SELECT count(DISTINCT v), sum(DISTINCT v), stddev_samp(DISTINCT v), var_pop(DISTINCT v) FROM t",
      "SELECT g % 7, count(DISTINCT v / 10), sum(DISTINCT v / 10) FROM t GROUP BY g % 7 ORDER BY 1",
      "SELECT h, count(DISTINCT d), sum(DISTINCT d), avg(DISTINCT d) FROM t GROUP BY h ORDER BY h",
      "SELECT g, count(DISTINCT v) FILTER (WHERE v > 0) FROM t GROUP BY g ORDER BY g",
      "SELECT g, count(DISTINCT v) FROM t GROUP BY g HAVING count(DISTINCT v) > 900 ORDER BY g",
      "SELECT count(DISTINCT v), sum(DISTINCT v) FROM empty",
      "SELECT g, count(DISTINCT v) FROM empty GROUP BY g",
      // Not rewritten (two arguments, a plain sum): still the same rows.
      "SELECT g, count(DISTINCT v), count(DISTINCT h), sum(v) FROM t GROUP BY g ORDER BY g",
   };
   for (const std::string& sql : queries)
      for (int threads : {1, 4}) {
         con.query("SET threads = " + std::to_string(threads));
         kiln::Result rewritten = con.query(sql);
         con.query("SET disabled_optimizer_passes = distinct_aggregation");
         kiln::Result reference = con.query(sql);
         con.query("RESET disabled_optimizer_passes");
         EXPECT_EQ(rowsOf(rewritten), rowsOf(reference)) << sql << " with threads = " << threads;
      }
}

TEST(DistinctAggregation, TheAggregationAboveRunsInParallel) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t AS SELECT i % 100 AS g, i % 5000 AS v FROM generate_series(1, 300000) i");
   con.query("ANALYZE");
   con.query("SET threads = 2");
   // The grouping by (g, v) is estimated to keep every row, which its merge would repeat: it
   // stays on one thread; the counts over its groups run in parallel.
   std::string sql = "SELECT g, count(DISTINCT v) FROM t GROUP BY g";
   std::string text = plan(con, sql);
   EXPECT_NE(text.find("HashAggregate keys: g; count(distinct_value)"), std::string::npos) << text;
   EXPECT_NE(text.find("scan groups -> hash aggregate build [quick] [parallel]"), std::string::npos) << text;
   con.query("SET disabled_optimizer_passes = distinct_aggregation");
   EXPECT_EQ(plan(con, sql).find("[parallel]"), std::string::npos) << plan(con, sql);
}

}  // namespace
