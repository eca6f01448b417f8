// kiln::Result: status tags, typed getters, PostgreSQL's text form of every type, and Database's
// table metadata.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

using namespace kiln;

namespace {

class ResultTest : public ::testing::Test {
   protected:
   void SetUp() override {
      con.query(
         "CREATE TABLE r (i INTEGER NOT NULL, s SMALLINT, b BIGINT, n DECIMAL(12,3), f DOUBLE PRECISION, re REAL, d DATE, "
         "c CHAR(5), v VARCHAR(10), t TEXT, ok BOOLEAN, iv INTERVAL, PRIMARY KEY (i))");
      con.query(
         "INSERT INTO r VALUES (1, -2, 9000000000, -1.5, 0.1, 1.5, DATE '1998-12-01', 'ab', 'xy  ', 'a long text value', true, "
         "INTERVAL '1 year 2 months 3 days'), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)");
   }
   Database db;
   Connection con{db};
};

}  // namespace

TEST_F(ResultTest, StatusTags) {
   Result create = con.query("CREATE TABLE other (x INTEGER)");
   EXPECT_EQ(create.statusTag(), "CREATE TABLE");
   EXPECT_FALSE(create.hasRows());
   Result insert = con.query("INSERT INTO other VALUES (1), (2), (3)");
   EXPECT_EQ(insert.statusTag(), "INSERT 0 3");
   EXPECT_EQ(insert.rowsAffected(), 3u);
   Result select = con.query("SELECT x FROM other WHERE x > 1");
   EXPECT_TRUE(select.hasRows());
   EXPECT_EQ(select.statusTag(), "SELECT 2");
   EXPECT_EQ(select.rowsAffected(), 2u);
   EXPECT_EQ(select.rowCount(), 2u);
   EXPECT_EQ(con.query("DROP TABLE other").statusTag(), "DROP TABLE");
   EXPECT_GE(select.stats().totalMs, 0.0);
   Result empty;
   EXPECT_EQ(empty.rowCount(), 0u);
   EXPECT_EQ(empty.columnCount(), 0u);
}

TEST_F(ResultTest, ReturningWithASubqueryKeepsTheStatementsTag) {
   con.query("CREATE TABLE ret (id INTEGER PRIMARY KEY, k INTEGER)");
   Result inserted = con.query("INSERT INTO ret VALUES (1, 1), (2, 2) RETURNING (SELECT 1), id");
   EXPECT_EQ(inserted.statusTag(), "INSERT 0 2");
   EXPECT_EQ(inserted.rowCount(), 2u);
   EXPECT_EQ(con.query("UPDATE ret SET k = 3 RETURNING (SELECT max(id) FROM (VALUES (7)) v(id))").statusTag(), "UPDATE 2");
   EXPECT_EQ(con.query("DELETE FROM ret WHERE id = 1 RETURNING (SELECT 1)").statusTag(), "DELETE 1");
}

TEST_F(ResultTest, TypedGetters) {
   Result r = con.query("SELECT i, s, b, n, f, re, d, c, v, t, ok, iv FROM r ORDER BY i");
   ASSERT_EQ(r.rowCount(), 2u);
   ASSERT_EQ(r.columnCount(), 12u);
   EXPECT_EQ(r.getInt64(0, 0), 1);
   EXPECT_EQ(r.getInt64(0, 1), -2);
   EXPECT_EQ(r.getInt64(0, 2), 9000000000);
   EXPECT_EQ(r.getDecimalUnscaled(0, 3), -1500);
   EXPECT_EQ(r.getDouble(0, 3), -1.5);
   EXPECT_EQ(r.getDouble(0, 4), 0.1);
   EXPECT_EQ(r.getDouble(0, 5), 1.5);
   EXPECT_EQ(r.getInt64(0, 6), -396);  // days since 2000-01-01
   EXPECT_TRUE(r.getBool(0, 10));
   Interval iv = r.getInterval(0, 11);
   EXPECT_EQ(iv.months, 14);
   EXPECT_EQ(iv.days, 3);
   EXPECT_EQ(iv.micros, 0);
   for (size_t c = 0; c < 12; ++c) {
      EXPECT_FALSE(r.isNull(0, c)) << c;
      EXPECT_EQ(r.isNull(1, c), c != 0) << c;
   }
}

TEST_F(ResultTest, StringsArePostgresText) {
   Result r = con.query("SELECT i, s, b, n, f, re, d, c, v, t, ok, iv FROM r ORDER BY i");
   const char* expected[] = {"1", "-2", "9000000000", "-1.500", "0.1", "1.5", "1998-12-01", "ab   ", "xy  ", "a long text value", "t", "1 year 2 mons 3 days"};
   for (size_t c = 0; c < 12; ++c) {
      EXPECT_EQ(r.getString(0, c), expected[c]) << r.columnName(c);
      if (c) {
         EXPECT_EQ(r.getString(1, c), "") << r.columnName(c);
      }
   }
}

TEST_F(ResultTest, ColumnTypes) {
   Result r = con.query("SELECT i, s, b, n, f, re, d, c, v, t, ok, iv FROM r");
   EXPECT_EQ(r.columnType(0), SqlType::integer());
   EXPECT_EQ(r.columnType(1), SqlType::smallInt());
   EXPECT_EQ(r.columnType(2), SqlType::bigInt());
   EXPECT_EQ(r.columnType(3), SqlType::decimal(12, 3));
   EXPECT_EQ(r.columnType(4), SqlType::double_());
   EXPECT_EQ(r.columnType(5), SqlType::real());
   EXPECT_EQ(r.columnType(6), SqlType::date());
   EXPECT_EQ(r.columnType(7), SqlType::char_(5));
   EXPECT_EQ(r.columnType(8), SqlType::varchar(10));
   EXPECT_EQ(r.columnType(9), SqlType::text());
   EXPECT_EQ(r.columnType(10), SqlType::boolean());
   EXPECT_EQ(r.columnType(11), SqlType::interval());
   EXPECT_EQ(SqlType::decimal(15, 2).toString(), "numeric(15,2)");
   EXPECT_EQ(SqlType::varchar(25).toString(), "character varying(25)");
   EXPECT_EQ(SqlType::char_(1).toString(), "character(1)");
   EXPECT_EQ(SqlType::integer().toString(), "integer");
   EXPECT_EQ(SqlType::double_().toString(), "double precision");
}

TEST_F(ResultTest, ExpressionsOfEachType) {
   // PostgreSQL: 1 year 2 mons | ab| | 3 days | 90 | 0.3333333333333333
   Result r = con.query("SELECT INTERVAL '1 year 2 mons', c || '|', INTERVAL '1 day' * 3, d - DATE '1998-09-02', 1.0::double precision / 3 FROM r WHERE i = 1");
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getString(0, 0), "1 year 2 mons");
   EXPECT_EQ(r.getString(0, 1), "ab|");  // CHAR loses its padding when converted to text
   EXPECT_EQ(r.getString(0, 2), "3 days");
   EXPECT_EQ(r.getInt64(0, 3), 90);
   EXPECT_EQ(r.getString(0, 4), "0.3333333333333333");
}

TEST_F(ResultTest, DatabaseTables) {
   TableInfo info = db.table("r");
   EXPECT_EQ(info.name, "r");
   EXPECT_EQ(info.rowCount, 2u);
   ASSERT_EQ(info.columns.size(), 12u);
   EXPECT_EQ(info.columns[0].name, "i");
   EXPECT_TRUE(info.columns[0].notNull);
   EXPECT_FALSE(info.columns[1].notNull);
   EXPECT_EQ(info.columns[3].type, SqlType::decimal(12, 3));
   EXPECT_EQ(info.primaryKey, std::vector<std::string>{"i"});
   EXPECT_EQ(db.tables().size(), 1u);
   try {
      db.table("nosuch");
      FAIL();
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "42P01");
   }
}

TEST_F(ResultTest, QueryAllReturnsEveryResult) {
   std::vector<Result> results = con.queryAll("CREATE TABLE q (x INTEGER); INSERT INTO q VALUES (5); SELECT x * 2 FROM q");
   ASSERT_EQ(results.size(), 3u);
   EXPECT_EQ(results[0].statusTag(), "CREATE TABLE");
   EXPECT_EQ(results[1].statusTag(), "INSERT 0 1");
   EXPECT_EQ(results[2].getInt64(0, 0), 10);
   // query() runs all statements and returns the last result.
   Result last = con.query("INSERT INTO q VALUES (6); SELECT count(*) FROM q");
   EXPECT_EQ(last.getInt64(0, 0), 2);
}

TEST_F(ResultTest, RowsOutliveTheTableAndLaterRuns) {
   // A result keeps the query's rows and its own copy of their strings: later runs of the same
   // prepared statement, updates, and dropping the table leave it as it was.
   con.query("CREATE TABLE many (k INTEGER, s TEXT)");
   con.query("INSERT INTO many SELECT k, 'a string longer than twelve bytes ' || k FROM generate_series(1, 100) AS g(k)");
   PreparedStatement select = con.prepare("SELECT k, s FROM many WHERE k <= $1 ORDER BY k");
   Result all = select.bind(1, int64_t(100)).execute();
   Result few = select.bind(1, int64_t(2)).execute();
   con.query("UPDATE many SET s = 'changed'");
   con.query("DROP TABLE many");
   ASSERT_EQ(all.rowCount(), 100u);
   for (size_t row = 0; row < all.rowCount(); ++row) {
      EXPECT_EQ(all.getInt64(row, 0), int64_t(row + 1));
      EXPECT_EQ(all.getString(row, 1), "a string longer than twelve bytes " + std::to_string(row + 1));
   }
   ASSERT_EQ(few.rowCount(), 2u);
   EXPECT_EQ(few.getString(1, 1), "a string longer than twelve bytes 2");
   EXPECT_THROW(few.getString(2, 1), kiln::Error);  // 2202E
}
