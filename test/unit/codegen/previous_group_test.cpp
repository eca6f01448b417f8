// A hash aggregation keeps the previous row's group for rows with the same keys: input in runs
// of equal keys (NULL keys among them, runs that come back later, two keys of which one changes
// alone, short strings, of them some longer than declared bytes fit inline) gives SQLite's groups.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(PreviousGroup, RunsOfEqualKeysGiveTheSameGroups) {
   kiln::Database db;
   kiln::Connection con(db);
   Sqlite sqlite;
   const char* schema = "CREATE TABLE t (a INTEGER, b BIGINT, d DATE, n NUMERIC(12, 2), v INTEGER, f CHAR(1), s VARCHAR(10))";
   con.query(schema);
   sqlite.exec(schema);
   std::mt19937 random(41);
   std::string insert = "INSERT INTO t VALUES ";
   int a = 0;
   for (int row = 0; row < 5000; ++row) {
      // Runs of 1 to 8 rows; a run's key may be NULL, or one seen before.
      if (random() % (1 + random() % 8) == 0) a = random() % 5 == 0 ? -1 : int(random() % 300);
      std::string key = a < 0 ? "NULL" : std::to_string(a);
      std::string b = random() % 3 == 0 ? "NULL" : std::to_string(a % 7 + int(random() % 2));
      std::string d = a < 0 ? "NULL" : "'2024-01-" + std::to_string(10 + a % 20) + "'";
      std::string n = a < 0 ? "NULL" : std::to_string(a % 13) + ".25";
      insert += std::string(row ? ", (" : "(") + key + ", " + b + ", " + d + ", " + n + ", " + std::to_string(int(random() % 100)) + ", " +
                (a < 0 ? std::string("NULL") : "'" + std::string(1, char('A' + a % 3)) + "'") + ", " +
                (a % 4 == 0 ? "'ééééééé'" : "'k" + std::to_string(a % 5) + "'") + ")";
   }
   con.query(insert);
   sqlite.exec(insert);
   con.query("DELETE FROM t WHERE v = 7");
   sqlite.exec("DELETE FROM t WHERE v = 7");
   const char* queries[] = {
      "SELECT a, count(*), sum(v) FROM t GROUP BY a ORDER BY a NULLS LAST",
      "SELECT a, b, count(*), sum(v), min(v) FROM t GROUP BY a, b ORDER BY a NULLS LAST, b NULLS LAST",
      "SELECT d, n, count(*), max(v) FROM t GROUP BY d, n ORDER BY d NULLS LAST, n NULLS LAST",
      "SELECT b, count(DISTINCT a), sum(v) FROM t GROUP BY b ORDER BY b NULLS LAST",
      "SELECT f, s, count(*), sum(v) FROM t GROUP BY f, s ORDER BY f NULLS LAST, s",
   };
   for (const char* sql : queries) EXPECT_EQ(kilnRows(con, sql), sqlite.query(sql)) << sql;
}

}  // namespace
