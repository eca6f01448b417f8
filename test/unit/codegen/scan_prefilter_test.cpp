// The scan's vector prefilter (comparisons of integer columns with constants or with each other,
// equalities and IN lists of integer and string columns with constants, under a selective
// filter, tested 16 rows at a time) must pass exactly the rows the filter passes: random tables
// (NULLs, deleted rows, sizes that are no multiple of 16, strings short and long that share
// lengths and prefixes) and random conditions through kiln and SQLite.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(ScanPrefilter, PassesWhatTheFilterPasses) {
   std::mt19937 random(17);
   size_t prefiltered = 0;
   for (int round = 0; round < 6; ++round) {
      kiln::Database db;
      kiln::Connection con(db);
      Sqlite sqlite;
      const char* schema = "CREATE TABLE t (i INTEGER, b BIGINT NOT NULL, d DATE, n NUMERIC(12, 2), j INTEGER, e DATE, s VARCHAR(30), c CHAR(20) NOT NULL)";
      const char* words[] = {"AIR",  "AIR REG", "DELIVER IN PERSON", "DELIVER IN PERSONS", "DELIVER TO", "DELI", "", "abcd",
                             "abce", "héllo",   "TAKE BACK RETURN"};
      auto word = [&] { return "'" + std::string(words[random() % 11]) + "'"; };
      con.query(schema);
      sqlite.exec(schema);
      size_t rows = 1000 + random() % 2000;
      std::string insert = "INSERT INTO t VALUES ";
      for (size_t r = 0; r < rows; ++r) {
         auto maybeNull = [&](std::string v) { return random() % 8 == 0 ? std::string("NULL") : v; };
         std::string values = maybeNull(std::to_string(int(random() % 1000) - 500)) + ", " + std::to_string(int64_t(random() % 100000) - 50000) + ", " +
                              maybeNull("'2020-01-" + std::to_string(10 + random() % 20) + "'") + ", " +
                              maybeNull(std::to_string(random() % 1000) + "." + std::to_string(10 + random() % 90)) + ", " +
                              maybeNull(std::to_string(int(random() % 1000) - 500)) + ", " + maybeNull("'2020-01-" + std::to_string(10 + random() % 20) + "'") +
                              ", " + maybeNull(word()) + ", " + word();
         insert += (r ? ", (" : "(") + values + ")";
      }
      con.query(insert);
      sqlite.exec(insert);
      std::string cut = "DELETE FROM t WHERE b % 7 = " + std::to_string(random() % 7);
      con.query(cut);
      sqlite.exec(cut);
      con.query("ANALYZE");
      const char* ops[] = {"=", "<>", "<", "<=", ">", ">="};
      for (int q = 0; q < 40; ++q) {
         std::string condition;
         int terms = 1 + int(random() % 3);
         for (int t = 0; t < terms; ++t) {
            std::string op = ops[random() % 6];
            auto list = [&](const std::function<std::string()>& item) {
               std::string items = item();
               for (int k = int(random() % 4); k > 0; --k) items += ", " + (random() % 6 == 0 ? std::string("NULL") : item());
               return " IN (" + items + ")";
            };
            switch (random() % 10) {
               case 6: condition += "s = " + word(); break;
               case 7: condition += "s" + list(word); break;
               case 8: condition += "c" + list(word); break;
               case 9: condition += "i" + list([&] { return std::to_string(int(random() % 20) - 10); }); break;
               case 0: condition += "i " + op + " " + std::to_string(int(random() % 1000) - 500); break;
               case 1: condition += std::to_string(int64_t(random() % 100000) - 50000) + " " + op + " b"; break;
               case 2: condition += "d " + op + " '2020-01-" + std::to_string(10 + random() % 20) + "'"; break;
               case 3: condition += "i " + op + " j"; break;  // two columns
               case 4: condition += "e " + op + " d"; break;
               default: condition += "n " + op + " " + std::to_string(random() % 1000) + ".50"; break;
            }
            if (t + 1 < terms) condition += " AND ";
         }
         std::string sql = "SELECT count(*), sum(b) FROM t WHERE " + condition;
         kiln::Result plan = con.query("EXPLAIN " + sql);
         for (size_t i = 0; i < plan.rowCount(); ++i) prefiltered += plan.getString(i, 0).find("vector prefilter") != std::string::npos;
         // SQLite compares dates as text, which orders them the same way here.
         EXPECT_EQ(kilnRows(con, sql), sqlite.query(sql)) << sql;
      }
   }
   EXPECT_GT(prefiltered, 20u);  // the prefilter was used, not just the plain loop
}

}  // namespace
