// Eager aggregation (an aggregate over a join pre-aggregates the side its aggregates read) gives
// what the aggregate over the plain join gives: NULL keys and values, left keys that repeat, left
// rows without partners (count 0, other aggregates NULL), inner and left outer joins.
#include <gtest/gtest.h>

#include <random>

#include "../plan_text.h"
#include "kiln/kiln.h"

namespace {

using kiln::test::plan;

TEST(EagerAggregation, MatchesTheAggregateOverTheJoin) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE l (k INTEGER, g INTEGER)");
   con.query("CREATE TABLE r (k INTEGER, v INTEGER)");
   std::mt19937 random(9);
   auto maybeNull = [&](int value) { return random() % 10 == 0 ? std::string("NULL") : std::to_string(value); };
   std::string rows;
   for (int i = 0; i < 300; ++i) rows += std::string(i ? ", " : "") + "(" + maybeNull(int(random() % 80)) + ", " + std::to_string(random() % 7) + ")";
   con.query("INSERT INTO l VALUES " + rows);
   rows.clear();
   for (int i = 0; i < 4000; ++i) rows += std::string(i ? ", " : "") + "(" + maybeNull(int(random() % 60)) + ", " + maybeNull(int(random() % 1000) - 500) + ")";
   con.query("INSERT INTO r VALUES " + rows);
   con.query("ANALYZE");

   for (std::string join : {"LEFT JOIN", "JOIN"})
      for (std::string groups : {"l.g", "l.k", "l.g, l.k"}) {
         std::string sql = "SELECT " + groups + ", count(r.v), sum(r.v), min(r.v), max(r.v), count(r.k) FROM l " + join + " r ON l.k = r.k GROUP BY " + groups +
                           " ORDER BY " + groups;
         EXPECT_NE(plan(con, sql).find("sum(CAST(count AS numeric(38,0)))"), std::string::npos) << plan(con, sql);
         kiln::Result eager = con.query(sql);
         con.query("SET disabled_optimizer_passes = eager_aggregation");
         EXPECT_EQ(plan(con, sql).find("sum(CAST(count AS numeric(38,0)))"), std::string::npos);
         kiln::Result reference = con.query(sql);
         con.query("RESET disabled_optimizer_passes");
         ASSERT_EQ(eager.rowCount(), reference.rowCount()) << sql;
         for (size_t row = 0; row < eager.rowCount(); ++row)
            for (size_t c = 0; c < eager.columnCount(); ++c) ASSERT_EQ(eager.getString(row, c), reference.getString(row, c)) << sql << " row " << row;
      }
}

}  // namespace
