// PreparedStatement::bind takes any integer type (bind(1, 42) with an int), bool, C strings,
// std::string and kiln::Decimal.
#include <gtest/gtest.h>

#include <cstdint>

#include "kiln/kiln.h"

using namespace kiln;

TEST(BindTypesTest, EveryIntegerTypeBinds) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (k BIGINT, v INTEGER)");
   PreparedStatement insert = con.prepare("INSERT INTO t VALUES ($1, $2)");
   insert.bind(1, 42).bind(2, 1).execute();
   insert.bind(1, short(-7)).bind(2, 2u).execute();
   insert.bind(1, 5LL).bind(2, uint8_t(3)).execute();
   insert.bind(1, uint64_t(INT64_MAX)).bind(2, int16_t(4)).execute();
   Result r = con.query("SELECT k FROM t ORDER BY v");
   ASSERT_EQ(r.rowCount(), 4u);
   EXPECT_EQ(r.getInt64(0, 0), 42);
   EXPECT_EQ(r.getInt64(1, 0), -7);
   EXPECT_EQ(r.getInt64(2, 0), 5);
   EXPECT_EQ(r.getInt64(3, 0), INT64_MAX);
   try {
      insert.bind(1, uint64_t(INT64_MAX) + 1);
      FAIL();
   } catch (const Error& error) {
      EXPECT_EQ(error.sqlstate(), "22003");
   }
   try {
      insert.bind(2, int64_t(1) << 40);  // past INTEGER
      FAIL();
   } catch (const Error& error) {
      EXPECT_EQ(error.sqlstate(), "22003");
   }
}

TEST(BindTypesTest, BoolsStringsAndDecimals) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (ok BOOLEAN, name TEXT, price DECIMAL(10,2), n NUMERIC)");
   PreparedStatement insert = con.prepare("INSERT INTO t VALUES ($1, $2, $3, $4)");
   const char* cString = "plum";
   insert.bind(1, true).bind(2, cString).bind(3, Decimal{1250, 2}).bind(4, Decimal{-5, 3}).execute();
   insert.bind(1, false).bind(2, std::string("pear")).bind(3, Decimal{7, 0}).bindNull(4).execute();
   Result r = con.query("SELECT ok, name, price, n FROM t ORDER BY name DESC");
   ASSERT_EQ(r.rowCount(), 2u);
   EXPECT_TRUE(r.getBool(0, 0));
   EXPECT_EQ(r.getString(0, 1), "plum");
   EXPECT_EQ(r.getDecimal(0, 2), (Decimal{1250, 2}));
   EXPECT_EQ(r.getString(0, 3), "-0.005");
   EXPECT_FALSE(r.getBool(1, 0));
   EXPECT_EQ(r.getString(1, 1), "pear");
   EXPECT_EQ(r.getString(1, 2), "7.00");
   EXPECT_TRUE(r.isNull(1, 3));
}
