// Result's getters never give a stand-in value: a row or column past the end (2202E), a column of
// another type (42804), a NULL read as a value (22004), a value the C++ type cannot hold (22003);
// kiln::Decimal, rows iterated, columns by name.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "snapshot_processes.h"

using namespace kiln;
using snapshot_test::sqlstateOf;

namespace {

class ResultGettersTest : public ::testing::Test {
   protected:
   void SetUp() override {
      con.query("CREATE TABLE g (id INTEGER, price DECIMAL(10,2), whole DECIMAL(20,0), ts TIMESTAMP, ok BOOLEAN, name TEXT)");
      con.query(
         "INSERT INTO g VALUES (1, 12.34, 99999999999999999999, TIMESTAMP '2024-05-06 07:08:09', true, 'one'), "
         "(2, NULL, 42, NULL, NULL, NULL)");
   }
   Database db;
   Connection con{db};
};

}  // namespace

TEST_F(ResultGettersTest, OutOfRangeRowsAndColumnsAre2202E) {
   Result r = con.query("SELECT id, name FROM g ORDER BY id");
   ASSERT_EQ(r.rowCount(), 2u);
   EXPECT_EQ(sqlstateOf([&] { r.isNull(5, 0); }), "2202E");
   EXPECT_EQ(sqlstateOf([&] { r.isNull(0, 2); }), "2202E");
   EXPECT_EQ(sqlstateOf([&] { r.getInt64(2, 0); }), "2202E");
   EXPECT_EQ(sqlstateOf([&] { r.getString(0, 9); }), "2202E");
   EXPECT_EQ(sqlstateOf([&] { r.columnName(2); }), "2202E");
   EXPECT_EQ(sqlstateOf([&] { r.columnType(2); }), "2202E");
   EXPECT_EQ(sqlstateOf([&] { Result().getInt64(0, 0); }), "2202E");
}

TEST_F(ResultGettersTest, ADecimalWithAFractionIsNoInteger) {
   Result r = con.query("SELECT price, whole FROM g ORDER BY id");
   EXPECT_EQ(sqlstateOf([&] { r.getInt64(0, 0); }), "42804");  // 12.34 is not 12
   EXPECT_EQ(r.getDecimal(0, 0), (Decimal{1234, 2}));
   EXPECT_EQ(r.getDecimal(0, 0).toString(), "12.34");
   EXPECT_DOUBLE_EQ(r.getDecimal(0, 0).toDouble(), 12.34);
   EXPECT_DOUBLE_EQ(r.getDouble(0, 0), 12.34);
   // DECIMAL(p,0) reads as an integer while it fits.
   EXPECT_EQ(r.getInt64(1, 1), 42);
   EXPECT_EQ(sqlstateOf([&] { r.getInt64(0, 1); }), "22003");
   EXPECT_EQ(r.getDecimal(0, 1).toString(), "99999999999999999999");
}

TEST_F(ResultGettersTest, NumericReadsAsAnIntegerWithoutDigitsAfterThePoint) {
   Result r = con.query("SELECT sum(id::bigint), 2.50::numeric, 'NaN'::numeric, 123456789012345678901234567890::numeric, 12::numeric FROM g");
   EXPECT_EQ(r.getInt64(0, 0), 3);  // sum(bigint): scale 0
   EXPECT_EQ(r.columnType(4).id, TypeId::Numeric);
   EXPECT_EQ(r.getInt64(0, 4), 12);
   EXPECT_EQ(sqlstateOf([&] { r.getInt64(0, 1); }), "42804");
   EXPECT_EQ(r.getDecimal(0, 1), (Decimal{250, 2}));
   EXPECT_EQ(sqlstateOf([&] { r.getDecimal(0, 2); }), "22003");
   EXPECT_TRUE(std::isnan(r.getDouble(0, 2)));
   EXPECT_EQ(sqlstateOf([&] { r.getInt64(0, 3); }), "22003");
   EXPECT_EQ(r.getDecimal(0, 3).toString(), "123456789012345678901234567890");
}

TEST_F(ResultGettersTest, WrongTypesAre42804) {
   Result r = con.query("SELECT id, price, ts, ok, name, 1.5::double precision FROM g WHERE id = 1");
   EXPECT_EQ(sqlstateOf([&] { r.getBool(0, 0); }), "42804");
   EXPECT_EQ(sqlstateOf([&] { r.getInt64(0, 3); }), "42804");  // a boolean is no integer
   EXPECT_EQ(sqlstateOf([&] { r.getInt64(0, 4); }), "42804");
   EXPECT_EQ(sqlstateOf([&] { r.getInt64(0, 5); }), "42804");  // nor is a double
   EXPECT_EQ(sqlstateOf([&] { r.getDecimal(0, 5); }), "42804");
   EXPECT_EQ(sqlstateOf([&] { r.getDouble(0, 4); }), "42804");
   EXPECT_EQ(sqlstateOf([&] { r.getTimestamp(0, 0); }), "42804");
   EXPECT_EQ(sqlstateOf([&] { r.getInterval(0, 2); }), "42804");
   try {
      r.getInt64(0, 1);
      FAIL();
   } catch (const Error& error) {
      EXPECT_EQ(error.message(), "column \"price\" is of type numeric(10,2): getInt64 reads an integer, not 12.34");
      EXPECT_EQ(error.hint(), "Read it with getDecimal (getString reads any value).");
   }
   // Widening that loses nothing.
   EXPECT_EQ(r.getInt64(0, 0), 1);
   EXPECT_EQ(r.getDouble(0, 0), 1.0);
   EXPECT_EQ(r.getDecimal(0, 0), (Decimal{1, 0}));
}

TEST_F(ResultGettersTest, ANullReadAsAValueIs22004) {
   Result r = con.query("SELECT price, ts, ok, name, id FROM g WHERE id = 2");
   EXPECT_EQ(sqlstateOf([&] { r.getDecimal(0, 0); }), "22004");
   EXPECT_EQ(sqlstateOf([&] { r.getDouble(0, 0); }), "22004");
   EXPECT_EQ(sqlstateOf([&] { r.getTimestamp(0, 1); }), "22004");  // not 2000-01-01
   EXPECT_EQ(sqlstateOf([&] { r.getBool(0, 2); }), "22004");
   EXPECT_EQ(r.getString(0, 3), "");  // as libpq's PQgetvalue
   EXPECT_TRUE(r.isNull(0, 3));
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT NULL::integer").getInt64(0, 0); }), "22004");
}

TEST_F(ResultGettersTest, RowsIterateWithColumnsByName) {
   Result r = con.query("SELECT id, name, price FROM g ORDER BY id");
   EXPECT_EQ(r.columnIndex("name"), 1u);
   EXPECT_EQ(sqlstateOf([&] { r.columnIndex("nope"); }), "42703");
   std::vector<int64_t> ids;
   for (Row row : r) {
      ids.push_back(row.getInt64("id"));
      EXPECT_EQ(row.getInt64(0), row.getInt64("id"));
      if (row.index() == 0) {
         EXPECT_EQ(row.getString("name"), "one");
         EXPECT_EQ(row.getDecimal("price").toString(), "12.34");
      } else {
         EXPECT_TRUE(row.isNull("name"));
      }
   }
   EXPECT_EQ(ids, (std::vector<int64_t>{1, 2}));
   EXPECT_EQ(sqlstateOf([&] { (*r.begin()).getBool("missing"); }), "42703");
   size_t count = 0;
   for (Row row : con.query("SELECT 1 WHERE false")) count += row.index() + 1;
   EXPECT_EQ(count, 0u);
}
