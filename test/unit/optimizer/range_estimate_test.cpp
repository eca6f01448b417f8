// Range conditions are estimated from the column's smallest and largest value (ANALYZE keeps
// them): numbers, decimals at another scale, dates; a BETWEEN as one range, not two. A range
// between parameters of a prepared statement gets PostgreSQL's default for such a pair.
#include <gtest/gtest.h>

#include <string>

#include "kiln/kiln.h"

namespace {

/// The estimated rows of the plan's Filter.
double filterEstimate(kiln::Connection& con, const std::string& condition) {
   kiln::Result plan = con.query("EXPLAIN SELECT count(*) FROM t WHERE " + condition);
   for (size_t i = 0; i < plan.rowCount(); ++i) {
      std::string line = plan.getString(i, 0);
      if (line.find("Filter") == std::string::npos) continue;
      size_t at = line.rfind("(rows=");
      return std::stod(line.substr(at + 6));
   }
   ADD_FAILURE() << "no Filter for " << condition;
   return -1;
}

TEST(RangeEstimates, FollowTheColumnsRange) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (x INTEGER, price NUMERIC(10, 2), day DATE)");
   con.query("INSERT INTO t SELECT g, g / 10.0, DATE '2020-01-01' + (g % 1000) FROM generate_series(0, 9999) AS s(g)");
   con.query("ANALYZE t");
   EXPECT_NEAR(filterEstimate(con, "x < 1000"), 1000, 50);
   EXPECT_NEAR(filterEstimate(con, "1000 > x"), 1000, 50);
   EXPECT_NEAR(filterEstimate(con, "x >= 9000"), 1000, 50);
   EXPECT_NEAR(filterEstimate(con, "x BETWEEN 2000 AND 2999"), 1000, 50);
   EXPECT_NEAR(filterEstimate(con, "x > 20000"), 1, 1);
   EXPECT_NEAR(filterEstimate(con, "price < 250"), 2500, 100);  // the constant's scale differs
   EXPECT_NEAR(filterEstimate(con, "day >= DATE '2020-01-01' + 900"), 1000, 50);
}

TEST(RangeEstimates, RangesBetweenParametersAreNarrow) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (x INTEGER, y INTEGER)");
   con.query("INSERT INTO t SELECT g, g FROM generate_series(0, 9999) AS s(g)");
   con.query("ANALYZE t");
   EXPECT_NEAR(filterEstimate(con, "x >= $1 AND x < $2"), 50, 1);  // 0.5%
   EXPECT_NEAR(filterEstimate(con, "$1 <= x AND x <= $2"), 50, 1);
   // Bounds of different columns, or both on one side, stay independent guesses of a third.
   EXPECT_NEAR(filterEstimate(con, "x >= $1 AND y < $2"), 1089, 1);
   EXPECT_NEAR(filterEstimate(con, "x > $1 AND x >= $2"), 3300, 1);
}

}  // namespace
