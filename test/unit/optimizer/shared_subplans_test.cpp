// The optimizer computes a subplan used twice once when that saves work (the subplan reads much
// and yields little), and leaves copies inlined when buffering the result costs about as much
// as computing it again or when a use's own filter went into its copy.
#include <gtest/gtest.h>

#include <algorithm>

#include "../plan_text.h"
#include "kiln/kiln.h"

namespace {

using kiln::test::plan;

size_t occurrences(const std::string& text, const std::string& part) {
   size_t count = 0;
   for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
   return count;
}

class SharedSubplans : public ::testing::Test {
   protected:
   void SetUp() override {
      con.query("CREATE TABLE big (id INTEGER, k INTEGER, v INTEGER)");
      con.query("INSERT INTO big SELECT g, g % 10, g % 100 FROM generate_series(1, 10000) g");
      con.query("ANALYZE");
   }
   kiln::Database db;
   kiln::Connection con{db};
};

TEST_F(SharedSubplans, SharesAnAggregateUsedTwice) {
   std::string sql = "WITH t AS (SELECT k, sum(v) AS s FROM big GROUP BY k) SELECT k FROM t WHERE s = (SELECT max(s) FROM t)";
   std::string text = plan(con, sql);
   EXPECT_EQ(occurrences(text, "WithShared s1"), 1u) << text;
   EXPECT_EQ(occurrences(text, "SharedScan s1"), 2u) << text;
   EXPECT_EQ(occurrences(text, "TableScan big"), 1u) << text;
}

TEST_F(SharedSubplans, SharesOnceForThreeUses) {
   std::string text = plan(
      con, "WITH t AS (SELECT k, count(*) AS c FROM big GROUP BY k) SELECT (SELECT max(c) FROM t), (SELECT min(c) FROM t), (SELECT sum(c) FROM t)");
   EXPECT_EQ(occurrences(text, "SharedScan s1"), 3u) << text;
   EXPECT_EQ(occurrences(text, "TableScan big"), 1u) << text;
}

TEST_F(SharedSubplans, InlinesAResultAsLargeAsItsInput) {
   std::string text = plan(con, "WITH t AS (SELECT id, v FROM big WHERE v >= 0) SELECT count(*) FROM t a JOIN t b ON a.id = b.id");
   EXPECT_EQ(occurrences(text, "WithShared"), 0u) << text;
   EXPECT_EQ(occurrences(text, "TableScan big"), 2u) << text;
}

TEST_F(SharedSubplans, InlinesACopyWithAFilterOfItsOwn) {
   std::string cte = "WITH t AS (SELECT k, v FROM big WHERE v < 5) ";
   std::string shared = plan(con, cte + "SELECT (SELECT count(*) FROM t), (SELECT sum(v) FROM t)");
   EXPECT_EQ(occurrences(shared, "SharedScan s1"), 2u) << shared;
   // The first use's filter goes into its copy, which then reads what the other use does not.
   std::string inlined = plan(con, cte + "SELECT (SELECT count(*) FROM t WHERE k = 3), (SELECT sum(v) FROM t)");
   EXPECT_EQ(occurrences(inlined, "WithShared"), 0u) << inlined;
}

TEST_F(SharedSubplans, RecomputesWithEachRunsParameters) {
   std::string cte = "WITH t AS (SELECT k, count(*) AS c FROM big WHERE v < $1 GROUP BY k) SELECT (SELECT sum(c) FROM t), (SELECT count(*) FROM t)";
   EXPECT_EQ(occurrences(plan(con, cte), "SharedScan s1"), 2u);
   kiln::PreparedStatement statement = con.prepare(cte);
   for (int64_t bound : {5, 50, 0}) {
      kiln::Result r = statement.bind(1, bound).execute();
      ASSERT_EQ(r.rowCount(), 1u);
      EXPECT_EQ(r.getString(0, 0), bound ? std::to_string(bound * 100) : "");  // NULL
      EXPECT_EQ(r.getString(0, 1), std::to_string(std::min<int64_t>(bound, 10)));  // v < 5: k < 5
   }
}

}  // namespace
