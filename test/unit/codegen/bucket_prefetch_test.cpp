// Hash joins and aggregations over tables large enough for optimized code and for prefetching
// the directory ahead (keys that are plain columns of the scanned table) give what the same
// statements give with the keys written as expressions, which are not prefetched: NULL keys,
// deleted rows and the last rows of the range (where the row ahead lies past the end) included.
#include <gtest/gtest.h>

#include <string>

#include "../plan_text.h"
#include "../sqlite_reference.h"
#include "kiln/kiln.h"

namespace {

using namespace kiln::test;

TEST(BucketPrefetch, LargeJoinsAndAggregatesMatchUnprefetchedOnes) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE big (k INTEGER, v INTEGER)");
   con.query("CREATE TABLE half (k INTEGER, w INTEGER)");
   con.query("INSERT INTO big SELECT CASE WHEN g % 97 = 0 THEN NULL ELSE g % 700001 END, g FROM generate_series(1, 2100003) AS s(g)");
   con.query("INSERT INTO half SELECT CASE WHEN g % 89 = 0 THEN NULL ELSE g * 2 END, g FROM generate_series(1, 600000) AS s(g)");
   con.query("DELETE FROM big WHERE v % 101 = 0");
   con.query("ANALYZE");

   struct Case {
      std::string prefetched, reference;
   };
   const Case cases[] = {
      {"SELECT count(*), sum(c), sum(s), count(k) FROM (SELECT k, count(*) AS c, sum(v) AS s FROM big GROUP BY k) g",
       "SELECT count(*), sum(c), sum(s), count(k) FROM (SELECT k + 0 AS k, count(*) AS c, sum(v) AS s FROM big GROUP BY k + 0) g"},
      {"SELECT count(*), sum(a.v), sum(b.v) FROM big a JOIN big b ON a.k = b.k",
       "SELECT count(*), sum(a.v), sum(b.v) FROM big a JOIN big b ON a.k + 0 = b.k + 0"},
      {"SELECT count(*), sum(w) FROM half WHERE EXISTS (SELECT 1 FROM big WHERE big.k = half.k)",
       "SELECT count(*), sum(w) FROM half WHERE EXISTS (SELECT 1 FROM big WHERE big.k + 0 = half.k + 0)"},
      {"SELECT count(*), sum(w) FROM half WHERE NOT EXISTS (SELECT 1 FROM big WHERE big.k = half.k)",
       "SELECT count(*), sum(w) FROM half WHERE NOT EXISTS (SELECT 1 FROM big WHERE big.k + 0 = half.k + 0)"},
   };
   for (const Case& c : cases) {
      // The test is about the optimizing code generator: the pipeline over big must get it.
      std::string shown = plan(con, c.prefetched);
      size_t over = shown.find("scan big");
      ASSERT_NE(over, std::string::npos) << shown;
      EXPECT_EQ(shown.substr(over, shown.find('\n', over) - over).find("[quick]"), std::string::npos) << shown;
      EXPECT_EQ(kilnRows(con, c.prefetched), kilnRows(con, c.reference)) << c.prefetched;
   }
   // One closed form, for an answer that does not depend on kiln twice: each k of big is
   // g % 700001 for the g not divisible by 97 or 101.
   Rows counted = kilnRows(con, "SELECT count(*) FROM big WHERE k IS NOT NULL");
   int64_t expected = 0;
   for (int64_t g = 1; g <= 2100003; ++g) expected += g % 97 != 0 && g % 101 != 0;
   EXPECT_EQ(counted, (Rows{{std::to_string(expected)}}));
}

}  // namespace
