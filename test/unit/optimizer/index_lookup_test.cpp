// Point lookups by a unique key use the index: EXPLAIN shows it and the results match a scan's.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

namespace {

std::string plan(kiln::Connection& con, const std::string& sql) {
   kiln::Result r = con.query("EXPLAIN " + sql);
   std::string text;
   for (size_t i = 0; i < r.rowCount(); ++i) text += r.getString(i, 0) + "\n";
   return text;
}

TEST(IndexLookup, UniqueKeyEqualitiesBecomeALookup) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE c (w INTEGER, d INTEGER, id INTEGER, name TEXT, PRIMARY KEY (w, d, id))");
   con.query("INSERT INTO c SELECT 1, x % 3, x, 'n' || x FROM (VALUES (1), (2), (3), (4), (5), (6)) v(x)");
   EXPECT_NE(plan(con, "SELECT name FROM c WHERE w = 1 AND d = 2 AND id = 5").find("IndexScan c using c_pkey"), std::string::npos);
   // Not all key columns given: a scan.
   EXPECT_EQ(plan(con, "SELECT name FROM c WHERE w = 1 AND id = 5").find("IndexScan"), std::string::npos);
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 2 AND id = 5").getString(0, 0), "n5");
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 1 AND id = 5").rowCount(), 0u);
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 2 AND id = 5 AND name = 'other'").rowCount(), 0u);
   // Deleted and updated keys are found (or not) as they are now.
   con.query("DELETE FROM c WHERE w = 1 AND d = 2 AND id = 5");
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 2 AND id = 5").rowCount(), 0u);
   con.query("UPDATE c SET id = 50 WHERE w = 1 AND d = 1 AND id = 4");
   EXPECT_EQ(con.query("SELECT name FROM c WHERE w = 1 AND d = 1 AND id = 50").getString(0, 0), "n4");
   auto lookup = con.prepare("SELECT name FROM c WHERE w = $1 AND d = $2 AND id = $3");
   EXPECT_EQ(lookup.bind(1, int64_t(1)).bind(2, int64_t(0)).bind(3, int64_t(6)).execute().getString(0, 0), "n6");
   EXPECT_EQ(lookup.bindNull(3).execute().rowCount(), 0u);
}

}  // namespace
