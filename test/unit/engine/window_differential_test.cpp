// Window functions on random data (NULLs, ties, partitions of all sizes, ROWS, GROUPS and RANGE
// frames with offsets, EXCLUDE)
// through kiln and SQLite, which implements them independently; results must agree (numbers to a
// small relative error: SQLite's avg and percent_rank are doubles, kiln's avg is a decimal).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "../sqlite_reference.h"
#include "kiln/kiln.h"

using namespace kiln;

namespace {

using namespace kiln::test;

bool sameValue(const std::string& a, const std::string& b) {
   if (a == b) return true;
   if (a == nullText || b == nullText) return false;
   char* endA = nullptr;
   char* endB = nullptr;
   double x = std::strtod(a.c_str(), &endA), y = std::strtod(b.c_str(), &endB);
   if (*endA || *endB) return false;
   return std::fabs(x - y) <= 1e-6 * std::max(1.0, std::fabs(y));
}

/// A random window: some partitioning, an ordering that may have ties unless `total`, and for
/// frame-reading functions a frame.
struct WindowMaker {
   std::mt19937& rng;
   int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }

   std::string partition() {
      static const char* choices[] = {"", "PARTITION BY g", "PARTITION BY s", "PARTITION BY g, s", "PARTITION BY x % 3"};
      return choices[pick(5)];
   }
   std::string order(bool total) {
      static const char* keys[] = {"x ASC NULLS LAST", "x DESC NULLS FIRST", "s NULLS FIRST", "s DESC NULLS LAST, x NULLS LAST", "g NULLS LAST"};
      std::string o = std::string("ORDER BY ") + keys[pick(5)];
      return total ? o + ", id" : o;
   }
   std::string frame(const char* mode = "ROWS") {
      // Bound kinds in order: UNBOUNDED PRECEDING, n PRECEDING, CURRENT ROW, n FOLLOWING,
      // UNBOUNDED FOLLOWING. SQL wants the start's kind not after the end's, the start not the
      // last kind and the end not the first.
      auto text = [&](int kind) -> std::string {
         switch (kind) {
            case 0: return "UNBOUNDED PRECEDING";
            case 1: return offset() + " PRECEDING";
            case 2: return "CURRENT ROW";
            case 3: return offset() + " FOLLOWING";
            default: return "UNBOUNDED FOLLOWING";
         }
      };
      int start = pick(4);
      int end = std::max(start, 1) + pick(5 - std::max(start, 1));
      static const char* exclusions[] = {"", "", " EXCLUDE CURRENT ROW", " EXCLUDE GROUP", " EXCLUDE TIES", " EXCLUDE NO OTHERS"};
      return std::string(mode) + " BETWEEN " + text(start) + " AND " + text(end) + exclusions[pick(6)];
   }
   std::string offset() {
      static const char* offsets[] = {"0", "1", "2", "3", "7", "100"};
      return offsets[pick(6)];
   }
   /// The one ORDER BY key that RANGE offsets measure.
   std::string rangeOrder() {
      static const char* keys[] = {"x ASC NULLS LAST", "x DESC NULLS FIRST", "x NULLS FIRST", "x DESC NULLS LAST"};
      return std::string("ORDER BY ") + keys[pick(4)];
   }

   /// A window function call with its OVER clause.
   std::string call() {
      std::string p = partition();
      switch (pick(14)) {
         case 0: return "row_number() OVER (" + p + " " + order(true) + ")";
         case 1: return "rank() OVER (" + p + " " + order(false) + ")";
         case 2: return "dense_rank() OVER (" + p + " " + order(false) + ")";
         case 3: return "percent_rank() OVER (" + p + " " + order(false) + ")";
         case 4: return "cume_dist() OVER (" + p + " " + order(false) + ")";
         case 5: return "ntile(" + std::to_string(1 + pick(7)) + ") OVER (" + p + " " + order(true) + ")";
         case 6: return std::string(pick(2) ? "lag" : "lead") + "(x, " + std::to_string(pick(4)) + ", -1) OVER (" + p + " " + order(true) + ")";
         case 7: {
            static const char* f[] = {"first_value(x)", "last_value(s)", "nth_value(x, 2)"};
            return std::string(f[pick(3)]) + " OVER (" + p + " " + order(true) + " " + frame() + ")";
         }
         case 8: {
            // The default frame: the partition's rows up to the last peer; ties do not matter.
            static const char* a[] = {"sum(x)", "count(*)", "count(s)", "min(s)", "max(x)", "avg(x)"};
            return std::string(a[pick(6)]) + " OVER (" + p + " " + (pick(3) ? order(false) : "") + ")";
         }
         case 9: {
            // GROUPS frames hold whole peer groups: ties do not matter to aggregates.
            static const char* a[] = {"sum(x)", "count(*)", "count(x)", "min(x)", "max(s)", "avg(x)"};
            return std::string(a[pick(6)]) + " OVER (" + p + " " + order(false) + " " + frame("GROUPS") + ")";
         }
         case 10: {
            // RANGE frames, like GROUPS ones, hold whole peer groups.
            static const char* a[] = {"sum(x)", "count(*)", "count(s)", "min(s)", "max(x)", "avg(x)"};
            return std::string(a[pick(6)]) + " OVER (" + p + " " + rangeOrder() + " " + frame("RANGE") + ")";
         }
         default: {
            static const char* a[] = {"sum(x)", "count(*)", "count(x)", "min(x)", "max(s)", "avg(x)"};
            return std::string(a[pick(6)]) + " OVER (" + p + " " + order(true) + " " + frame() + ")";
         }
      }
   }
};

TEST(WindowDifferential, RandomDataAgreesWithSqlite) {
   Database db;
   Connection con(db);
   Sqlite lite;
   const std::string create = "CREATE TABLE t (id INTEGER, g INTEGER, x INTEGER, s TEXT)";
   con.query(create);
   lite.exec(create);
   std::mt19937 rng(20240611);
   auto chance = [&](int percent) { return std::uniform_int_distribution<int>(0, 99)(rng) < percent; };
   for (int batch = 0; batch < 4; ++batch) {
      std::string insert = "INSERT INTO t VALUES ";
      for (int i = 0; i < 400; ++i) {
         int id = batch * 400 + i;
         std::string g = chance(10) ? "NULL" : std::to_string(std::uniform_int_distribution<int>(0, 1 + batch * 3)(rng));
         std::string x = chance(10) ? "NULL" : std::to_string(std::uniform_int_distribution<int>(-20, 40)(rng));
         static const char* strings[] = {"NULL", "'a'", "'b'", "'ab'", "'c'"};
         insert += (i ? ", (" : "(") + std::to_string(id) + ", " + g + ", " + x + ", " + strings[std::uniform_int_distribution<int>(0, 4)(rng)] + ")";
      }
      con.query(insert);
      lite.exec(insert);
   }
   WindowMaker maker{rng};
   for (int q = 0; q < 100; ++q) {
      std::string sql = "SELECT id";
      for (int c = 0; c < 3; ++c) sql += ", " + maker.call();
      sql += " FROM t ORDER BY id";
      Rows expected = lite.query(sql);
      Rows actual = kilnRows(con, sql);
      ASSERT_EQ(actual.size(), expected.size()) << sql;
      for (size_t row = 0; row < actual.size(); ++row)
         for (size_t c = 0; c < actual[row].size(); ++c)
            ASSERT_TRUE(sameValue(actual[row][c], expected[row][c]))
               << sql << "\nrow id " << actual[row][0] << ", column " << c << ": kiln " << actual[row][c] << ", SQLite " << expected[row][c];
   }
}

}  // namespace
