// A decorrelated subquery's semi-join reduction goes below an inner join onto the side it tests
// when it is the more selective of the two, and the answers stay those of SQLite: the shape of
// TPC-H Q2 (the cheapest supplier of a few wanted parts), with NULL keys and costs and ties.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "../plan_text.h"
#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(SemiJoinPushdown, SelectiveReductionComesFirstWithTheSameAnswers) {
   BothDatabases both;
   kiln::Connection& con = both.con;
   Sqlite& sqlite = both.sqlite;
   both.exec("CREATE TABLE part (p_key INTEGER, p_size INTEGER)");
   both.exec("CREATE TABLE supplier (s_key INTEGER, s_region INTEGER)");
   both.exec("CREATE TABLE partsupp (ps_part INTEGER, ps_supp INTEGER, ps_cost INTEGER)");
   std::mt19937 random(23);
   auto maybeNull = [&](int value) { return random() % 20 == 0 ? std::string("NULL") : std::to_string(value); };
   both.insert("part", 4000, [&](size_t i) { return std::to_string(i) + ", " + std::to_string(random() % 200); });
   both.insert("supplier", 200, [&](size_t i) { return std::to_string(i) + ", " + std::to_string(random() % 5); });
   both.insert("partsupp", 16000,
               [&](size_t i) { return maybeNull(int(i % 4000)) + ", " + maybeNull(int(random() % 200)) + ", " + maybeNull(int(random() % 50)); });
   con.query("ANALYZE");

   for (int size : {3, 77, 150}) {
      std::string sql =
         "SELECT p_key, s_key, ps_cost FROM part, partsupp, supplier WHERE p_key = ps_part AND s_key = ps_supp AND p_size = " + std::to_string(size) +
         " AND s_region = 2 AND ps_cost = (SELECT min(ps_cost) FROM partsupp, supplier WHERE p_key = ps_part AND s_key = ps_supp AND s_region = 2) "
         "ORDER BY p_key, s_key";
      std::string shown = plan(con, sql);
      // The reduction of the subquery's partsupp to the wanted parts is applied to the scan itself:
      // the semi join's first input is the scan, not the join with supplier.
      size_t semi = shown.find("SemiJoin");
      ASSERT_NE(semi, std::string::npos) << shown;
      size_t nextLine = shown.find('\n', semi) + 1;
      EXPECT_NE(shown.substr(nextLine, shown.find('\n', nextLine) - nextLine).find("TableScan partsupp"), std::string::npos) << shown;
      EXPECT_EQ(kilnRows(con, sql), sqlite.query(sql)) << sql;
   }
}

}  // namespace
