// Row-valued IN / NOT IN subqueries: a join on all column pairs, not a subquery run per row, with
// the row comparison's NULL semantics: random data with NULLs through kiln and SQLite (whose
// row values follow the SQL standard as PostgreSQL does).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "../plan_text.h"
#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(RowSubquery, InIsAJoinOnAllPairs) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE o (a INTEGER NOT NULL, b INTEGER NOT NULL)");
   con.query("CREATE TABLE i (x INTEGER NOT NULL, y INTEGER NOT NULL)");
   std::string in = plan(con, "SELECT * FROM o WHERE (a, b) IN (SELECT x, y FROM i)");
   EXPECT_NE(in.find("SemiJoin"), std::string::npos) << in;
   // Without NULLs, NOT IN is a plain anti join on the pairs.
   std::string notIn = plan(con, "SELECT * FROM o WHERE (a, b) NOT IN (SELECT x, y FROM i)");
   EXPECT_NE(notIn.find("AntiJoin"), std::string::npos) << notIn;
   EXPECT_EQ(notIn.find("NullAware"), std::string::npos) << notIn;
}

TEST(RowSubquery, ResultsAgreeWithSqlite) {
   BothDatabases both;
   both.exec("CREATE TABLE o (id INTEGER, a INTEGER, b INTEGER, c INTEGER)");
   both.exec("CREATE TABLE i (x INTEGER, y INTEGER, z INTEGER)");
   std::mt19937 random(11);
   auto value = [&] { return random() % 6 == 0 ? std::string("NULL") : std::to_string(int(random() % 4u)); };
   both.insert("o", 60, [&](size_t r) { return std::to_string(r) + ", " + value() + ", " + value() + ", " + value(); });
   both.insert("i", 30, [&](size_t) { return value() + ", " + value() + ", " + value(); });
   const char* filters[] = {"", "WHERE x IS NOT NULL", "WHERE y IS NULL", "WHERE z = 1", "WHERE x > 5"};
   const char* shapes[] = {
      "SELECT id FROM o WHERE (a, b) IN (SELECT x, y FROM i {f})",
      "SELECT id FROM o WHERE (a, b) NOT IN (SELECT x, y FROM i {f})",
      "SELECT id FROM o WHERE (a, b, c) NOT IN (SELECT x, y, z FROM i {f})",
      "SELECT id FROM o WHERE (a, b) NOT IN (SELECT x, y FROM i {f}) OR c = 2",
      "SELECT id FROM o WHERE (a, b) IN (SELECT x, y FROM i {f} {and} i.z = o.c)",
      "SELECT id FROM o WHERE (a, b) NOT IN (SELECT x, y FROM i {f} {and} i.z = o.c)",
      "SELECT id FROM o WHERE (a, b) NOT IN (SELECT x, y FROM i {f} {and} i.z < o.c)",
      "SELECT id, CASE WHEN (a, b) IN (SELECT x, y FROM i {f}) THEN 1 WHEN (a, b) NOT IN (SELECT x, y FROM i {f}) THEN 0 END FROM o",
      "SELECT id, CASE WHEN (a, c) NOT IN (SELECT x, z FROM i {f} {and} i.y = o.b) THEN 1 "
      "WHEN (a, c) IN (SELECT x, z FROM i {f} {and} i.y = o.b) THEN 0 END FROM o",
   };
   for (const char* shape : shapes)
      for (const char* filter : filters) {
         std::string sql = shape;
         for (size_t at; (at = sql.find("{f}")) != std::string::npos;) sql.replace(at, 3, filter);
         for (size_t at; (at = sql.find("{and}")) != std::string::npos;) sql.replace(at, 5, *filter ? "AND" : "WHERE");
         EXPECT_EQ(sorted(kilnRows(both.con, sql)), sorted(both.sqlite.query(sql))) << sql;
      }
}

}  // namespace
