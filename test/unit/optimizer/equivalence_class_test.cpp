// Equalities between columns imply others (a = b and b = c: a = c). The join order may use the
// implied ones; results must not change: random chains of equalities and filters through kiln and
// SQLite, including a relation that holds two columns of one class.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(EquivalenceClasses, ImpliedEqualityJoinsRelationsFirst) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE small_a (ak INTEGER, av INTEGER)");
   con.query("CREATE TABLE big_b (bk INTEGER, bv INTEGER)");
   con.query("CREATE TABLE small_c (ck INTEGER, cv INTEGER)");
   con.query("INSERT INTO small_a SELECT g, g % 100 FROM generate_series(1, 1000) AS s(g)");
   con.query("INSERT INTO big_b SELECT g % 5000, g FROM generate_series(1, 200000) AS s(g)");
   con.query("INSERT INTO small_c SELECT g, g % 100 FROM generate_series(1, 1000) AS s(g)");
   con.query("ANALYZE");
   // a and c are both small and filtered: joined first through the implied ak = ck, before the
   // large b is probed.
   std::string plan;
   kiln::Result r = con.query("EXPLAIN SELECT count(*) FROM small_a, big_b, small_c WHERE ak = bk AND bk = ck AND av < 5 AND cv < 5");
   for (size_t i = 0; i < r.rowCount(); ++i) plan += r.getString(i, 0) + "\n";
   EXPECT_TRUE(plan.find("ak = ck") != std::string::npos || plan.find("ck = ak") != std::string::npos) << plan;
}

TEST(EquivalenceClasses, ResultsAgreeWithSqlite) {
   kiln::Database db;
   kiln::Connection con(db);
   Sqlite sqlite;
   std::mt19937 random(5);
   const char* schema[] = {"CREATE TABLE r1 (k INTEGER, v INTEGER)", "CREATE TABLE r2 (k INTEGER, j INTEGER, v INTEGER)",
                           "CREATE TABLE r3 (k INTEGER, v INTEGER)", "CREATE TABLE r4 (j INTEGER, v INTEGER)"};
   for (const char* sql : schema) {
      con.query(sql);
      sqlite.exec(sql);
   }
   auto value = [&](int range) { return random() % 10 == 0 ? std::string("NULL") : std::to_string(int(random() % unsigned(range))); };
   for (int i = 0; i < 300; ++i) {
      std::string rows[] = {"INSERT INTO r1 VALUES (" + value(20) + ", " + value(50) + ")",
                            "INSERT INTO r2 VALUES (" + value(20) + ", " + value(20) + ", " + value(50) + ")",
                            "INSERT INTO r3 VALUES (" + value(20) + ", " + value(50) + ")", "INSERT INTO r4 VALUES (" + value(20) + ", " + value(50) + ")"};
      for (const std::string& sql : rows) {
         con.query(sql);
         sqlite.exec(sql);
      }
   }
   con.query("ANALYZE");
   const char* conditions[] = {
      "r1.k = r2.k AND r2.k = r3.k AND r4.j = r2.j",
      "r1.k = r2.k AND r3.k = r2.k AND r2.j = r4.j AND r4.v = r1.v",
      "r1.k = r2.k AND r1.k = r2.j AND r3.k = r2.j AND r4.j = r3.v",  // r2 holds two columns of the class
      "r1.k = r2.k AND r2.k = r3.k AND r3.k = r4.j",
      "r1.k = r3.k AND r2.j = r4.j AND r4.j = r1.k",
   };
   const char* filters[] = {"", " AND r1.v < 25", " AND r3.v > 10 AND r1.v < 40", " AND r2.v % 3 = 0"};
   for (const char* condition : conditions)
      for (const char* filter : filters) {
         std::string sql = std::string("SELECT count(*), sum(r1.v), sum(r3.v) FROM r1, r2, r3, r4 WHERE ") + condition + filter;
         EXPECT_EQ(kilnRows(con, sql), sqlite.query(sql)) << sql;
      }
}

}  // namespace
