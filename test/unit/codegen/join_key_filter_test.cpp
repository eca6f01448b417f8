// A scan that probes a selective hash join drops the rows whose key the build side does not
// hold, 16 at a time, by a bitmap of the build side's keys: it must keep every row with a
// partner. Random tables (NULL keys, negative and 64-bit keys, deleted rows, sizes that are no
// multiple of 16, build sides empty, narrow, dense or too wide for a bitmap) through kiln and
// SQLite, inner joins and IN subqueries (semi joins), composite keys, and a filter between the
// scan and the join; and semi, anti and outer joins that hash their small left side, where the
// big right side probes (a probing row without a partner has no effect there either).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "../plan_text.h"
#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(JoinKeyFilter, KeepsEveryRowWithAPartner) {
   std::mt19937 random(23);
   size_t filtered = 0;
   for (int round = 0; round < 8; ++round) {
      BothDatabases both;
      both.exec("CREATE TABLE probe (k INTEGER, w BIGINT NOT NULL, v INTEGER)");
      both.exec("CREATE TABLE build (k INTEGER, w BIGINT, tag INTEGER)");
      // Build keys: from a narrow range, a dense one, or one too wide for a bitmap.
      int64_t spread = round % 3 == 0 ? 50 : round % 3 == 1 ? 5000 : (int64_t(1) << 40);
      size_t probeRows = 3000 + random() % 3000, buildRows = round == 7 ? 0 : 1 + random() % 40;
      both.insert("probe", probeRows, [&](size_t) {
         std::string k = random() % 10 == 0 ? "NULL" : std::to_string(int64_t(random() % 20000) - 10000);
         return k + ", " + std::to_string(int64_t(random() % (2 * spread)) - spread) + ", " + std::to_string(random() % 100);
      });
      if (buildRows)
         both.insert("build", buildRows, [&](size_t) {
            std::string k = random() % 10 == 0 ? "NULL" : std::to_string(int64_t(random() % 20000) - 10000);
            return k + ", " + std::to_string(int64_t(random() % (2 * spread)) - spread) + ", " + std::to_string(random() % 5);
         });
      both.exec("DELETE FROM probe WHERE v = 7");
      both.con.query("ANALYZE");
      for (const std::string& sql : {
              std::string("SELECT probe.k, probe.v, tag FROM probe, build WHERE probe.k = build.k"),
              std::string("SELECT probe.w, probe.v, tag FROM probe, build WHERE probe.w = build.w"),
              std::string("SELECT probe.k, probe.w, tag FROM probe, build WHERE probe.k = build.k AND probe.w = build.w"),
              std::string("SELECT k, v FROM probe WHERE k IN (SELECT k FROM build WHERE tag < 3)"),
              std::string("SELECT probe.k, probe.v, tag FROM probe, build WHERE probe.k = build.k AND probe.v < 60"),
           }) {
         if (plan(both.con, sql).find("vector prefilter") != std::string::npos) ++filtered;
         EXPECT_EQ(sorted(kilnRows(both.con, sql)), sorted(both.sqlite.query(sql))) << sql << " (round " << round << ")";
      }
   }
   EXPECT_GT(filtered, 10u);  // the filter was there to test
}

TEST(JoinKeyFilter, KeepsEveryPartnerOfAHashedLeftSide) {
   std::mt19937 random(29);
   size_t filtered = 0;
   for (int round = 0; round < 6; ++round) {
      BothDatabases both;
      both.exec("CREATE TABLE big (k INTEGER, w BIGINT NOT NULL, v INTEGER)");
      both.exec("CREATE TABLE small (k INTEGER, w BIGINT, tag INTEGER)");
      int64_t spread = round % 3 == 0 ? 50 : round % 3 == 1 ? 5000 : (int64_t(1) << 40);
      size_t bigRows = 4000 + random() % 3000, smallRows = round == 5 ? 0 : 1 + random() % 60;
      both.insert("big", bigRows, [&](size_t) {
         std::string k = random() % 10 == 0 ? "NULL" : std::to_string(int64_t(random() % 20000) - 10000);
         return k + ", " + std::to_string(int64_t(random() % (2 * spread)) - spread) + ", " + std::to_string(random() % 100);
      });
      if (smallRows)
         both.insert("small", smallRows, [&](size_t) {
            std::string k = random() % 10 == 0 ? "NULL" : std::to_string(int64_t(random() % 20000) - 10000);
            return k + ", " + std::to_string(int64_t(random() % (2 * spread)) - spread) + ", " + std::to_string(random() % 5);
         });
      both.exec("DELETE FROM big WHERE v = 7");
      both.con.query("ANALYZE");
      for (const std::string& sql : {
              std::string("SELECT k, tag FROM small WHERE EXISTS (SELECT 1 FROM big WHERE big.k = small.k)"),
              std::string("SELECT k, w, tag FROM small WHERE NOT EXISTS (SELECT 1 FROM big WHERE big.w = small.w AND big.v < 50)"),
              std::string("SELECT small.k, tag, big.v FROM small LEFT JOIN big ON big.k = small.k AND big.w = small.w"),
              std::string("SELECT k, tag FROM small WHERE EXISTS (SELECT 1 FROM big WHERE big.k = small.k AND big.v > small.tag)"),
           }) {
         std::string shown = plan(both.con, sql);
         if (shown.find("build left") != std::string::npos && shown.find("vector prefilter") != std::string::npos) ++filtered;
         EXPECT_EQ(sorted(kilnRows(both.con, sql)), sorted(both.sqlite.query(sql))) << sql << " (round " << round << ")";
      }
   }
   EXPECT_GT(filtered, 8u);  // the filter was there to test
}

}  // namespace
