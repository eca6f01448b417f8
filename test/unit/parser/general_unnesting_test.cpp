// Correlated subqueries with arbitrary correlation (<, <=, <>, =) are unnested over the domain of
// the outer values they read: random data with NULLs and random predicates through kiln and
// SQLite, for scalar aggregates, EXISTS and IN (as conditions and as values), HAVING,
// two levels and outer values a derived table computes.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(GeneralUnnesting, ResultsAgreeWithSqlite) {
   kiln::Database db;
   kiln::Connection con(db);
   Sqlite sqlite;
   std::mt19937 random(7);
   const char* schema[] = {"CREATE TABLE o (id INTEGER, a INTEGER, b INTEGER)", "CREATE TABLE i (x INTEGER, y INTEGER, v INTEGER)"};
   for (const char* sql : schema) {
      con.query(sql);
      sqlite.exec(sql);
   }
   auto value = [&] { return random() % 8 == 0 ? std::string("NULL") : std::to_string(int(random() % 8u)); };
   for (int r = 0; r < 40; ++r) {
      std::string rows[] = {"INSERT INTO o VALUES (" + std::to_string(r) + ", " + value() + ", " + value() + ")",
                            "INSERT INTO i VALUES (" + value() + ", " + value() + ", " + value() + ")"};
      for (const std::string& sql : rows) {
         con.query(sql);
         sqlite.exec(sql);
      }
   }
   const char* ops[] = {"<", "<=", "<>", "="};
   const char* shapes[] = {
      "SELECT id, (SELECT count(*) FROM i WHERE i.x {1} o.a AND i.y {2} o.b) FROM o",
      "SELECT id, (SELECT sum(v) FROM i WHERE i.x {1} o.a), (SELECT max(v) FROM i WHERE i.y {2} o.b OR i.v {1} o.a) FROM o",
      "SELECT id FROM o WHERE EXISTS (SELECT 1 FROM i WHERE i.x {1} o.a AND i.y {2} o.b)",
      "SELECT id FROM o WHERE NOT EXISTS (SELECT 1 FROM i WHERE i.x {1} o.a AND i.y {2} o.b)",
      "SELECT id FROM o WHERE o.b IN (SELECT v FROM i WHERE i.x {1} o.a)",
      "SELECT id FROM o WHERE o.b NOT IN (SELECT v FROM i WHERE i.x {1} o.a AND i.y {2} o.b)",
      "SELECT id FROM o WHERE o.b > (SELECT count(v) FROM i WHERE i.x {1} o.a AND i.y {2} o.b)",
      "SELECT a, count(*) FROM o GROUP BY a HAVING count(*) * 3 >= (SELECT count(*) FROM i WHERE i.x {1} o.a)",
      "SELECT id FROM o WHERE EXISTS (SELECT 1 FROM i WHERE i.x {1} o.a AND EXISTS (SELECT 1 FROM i i2 WHERE i2.y {2} o.b AND i2.v = i.v))",
      "SELECT id, (SELECT count(*) FROM i WHERE i.x {1} o.a AND i.y IN (SELECT y FROM i i2 WHERE i2.v {2} o.b)) FROM o",
      "SELECT id, (SELECT count(*) FROM i WHERE i.x {1} d.a AND i.y {2} d.b) FROM (SELECT id, a + 1 AS a, b % 3 AS b FROM o) d",
      // booleans as 1, 0 and NULL in both engines
      "SELECT id, CASE WHEN EXISTS (SELECT 1 FROM i WHERE i.x {1} o.a AND i.y {2} o.b) THEN 1 ELSE 0 END FROM o",
      "SELECT id, CASE WHEN NOT EXISTS (SELECT 1 FROM i WHERE i.v {1} o.b) OR o.a = 3 THEN 1 ELSE 0 END FROM o",
      "SELECT id, CASE WHEN o.b IN (SELECT v FROM i WHERE i.x {1} o.a) THEN 1 WHEN NOT o.b IN (SELECT v FROM i WHERE i.x {1} o.a) THEN 0 END FROM o",
      "SELECT id, CASE WHEN o.b NOT IN (SELECT v FROM i WHERE i.y {2} o.a) THEN 1 WHEN o.b IN (SELECT v FROM i WHERE i.y {2} o.a) THEN 0 END FROM o",
   };
   for (const char* shape : shapes)
      for (const char* first : ops)
         for (const char* second : ops) {
            std::string sql = shape;
            for (size_t at; (at = sql.find("{1}")) != std::string::npos;) sql.replace(at, 3, first);
            for (size_t at; (at = sql.find("{2}")) != std::string::npos;) sql.replace(at, 3, second);
            EXPECT_EQ(sorted(kilnRows(con, sql)), sorted(sqlite.query(sql))) << sql;
         }
}

}  // namespace
