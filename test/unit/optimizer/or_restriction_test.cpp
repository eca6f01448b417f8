// An OR whose every branch constrains one relation filters that relation below the join (the
// OR of those branch parts), while the join keeps the whole OR: the shapes of TPC-H Q7 and Q19
// with random data, NULLs included, give SQLite's answers, and the filters are where they belong.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "../plan_text.h"
#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(OrRestriction, EachRelationIsFilteredByWhatTheOrRequiresOfIt) {
   BothDatabases both;
   kiln::Connection& con = both.con;
   Sqlite& sqlite = both.sqlite;
   both.exec("CREATE TABLE item (i_key INTEGER, i_brand VARCHAR(10), i_size INTEGER)");
   both.exec("CREATE TABLE sale (s_item INTEGER, s_quantity INTEGER, s_mode VARCHAR(10))");
   std::mt19937 random(31);
   auto maybeNull = [&](const std::string& value) { return random() % 15 == 0 ? std::string("NULL") : value; };
   const char* brands[] = {"'A'", "'B'", "'C'", "'D'"};
   both.insert("item", 3000,
               [&](size_t i) { return std::to_string(i) + ", " + maybeNull(brands[random() % 4]) + ", " + maybeNull(std::to_string(random() % 20)); });
   both.insert("sale", 20000, [&](size_t) {
      return maybeNull(std::to_string(random() % 3000)) + ", " + maybeNull(std::to_string(random() % 40)) + ", " + (random() % 2 ? "'AIR'" : "'SHIP'");
   });
   con.query("ANALYZE");

   auto filtersBelowJoin = [&](const std::string& shown, const std::string& table) {
      // The scan's parent is a filter: its line comes right before the scan's.
      size_t scan = shown.find("TableScan " + table);
      if (scan == std::string::npos) return false;
      size_t lineStart = shown.rfind('\n', shown.rfind('\n', scan) - 1);
      return shown.substr(lineStart, scan - lineStart).find("Filter") != std::string::npos;
   };
   std::string q19 =
      "SELECT count(*), sum(s_quantity) FROM sale, item WHERE i_key = s_item AND "
      "((i_brand = 'A' AND s_quantity BETWEEN 1 AND 10 AND i_size <= 5) OR (i_brand = 'B' AND s_quantity BETWEEN 10 AND 20) OR "
      "(i_brand IN ('C', 'D') AND s_quantity >= 30 AND i_size > 15))";
   std::string shown = plan(con, q19);
   EXPECT_TRUE(filtersBelowJoin(shown, "item")) << shown;
   EXPECT_TRUE(filtersBelowJoin(shown, "sale")) << shown;
   EXPECT_EQ(kilnRows(con, q19), sqlite.query(q19)) << q19;

   // Q7: a pair of one table's rows in either order.
   std::string q7 =
      "SELECT a.i_brand, b.i_brand, count(*) FROM item a, item b WHERE a.i_size = b.i_size AND "
      "((a.i_brand = 'A' AND b.i_brand = 'B') OR (a.i_brand = 'B' AND b.i_brand = 'A')) GROUP BY a.i_brand, b.i_brand ORDER BY 1, 2";
   EXPECT_EQ(kilnRows(con, q7), sqlite.query(q7)) << q7;
   EXPECT_TRUE(filtersBelowJoin(plan(con, q7), "item")) << plan(con, q7);

   // A branch without a condition on `sale` alone: `sale` gets no filter, the answers stay right.
   std::string open = "SELECT count(*) FROM sale, item WHERE i_key = s_item AND ((i_brand = 'A' AND s_quantity < 5) OR i_size = 3)";
   EXPECT_FALSE(filtersBelowJoin(plan(con, open), "sale")) << plan(con, open);
   EXPECT_EQ(kilnRows(con, open), sqlite.query(open)) << open;
}

}  // namespace
