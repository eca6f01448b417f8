// Compiled arithmetic through kiln::Connection: overflow checks per integer width, DECIMAL result
// types, and CASE evaluating only the branch it takes. Values and errors as in PostgreSQL 15.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

using namespace kiln;

namespace {

class Arithmetic : public ::testing::Test {
   protected:
   void SetUp() override {
      con.query("CREATE TABLE w (s SMALLINT, i INTEGER, b BIGINT)");
      con.query("INSERT INTO w VALUES (32767, 2147483647, 9223372036854775807)");
      con.query("CREATE TABLE lo (s SMALLINT, i INTEGER, b BIGINT)");
      con.query("INSERT INTO lo VALUES (-32768, -2147483648, -9223372036854775808)");
      con.query("CREATE TABLE n (x DECIMAL(15,2), y DECIMAL(10,4), i INTEGER, w DECIMAL(30,10))");
      con.query("INSERT INTO n VALUES (12.34, 0.5, 3, 12345678901234567890.0123456789)");
   }

   /// "SQLSTATE: message" of the error `sql` raises, or "none".
   std::string errorOf(const std::string& sql) {
      try {
         con.query(sql);
      } catch (const Error& e) {
         return e.sqlstate() + ": " + e.message();
      }
      return "none";
   }

   std::string scalar(const std::string& sql) {
      Result r = con.query(sql);
      EXPECT_EQ(r.rowCount(), 1u) << sql;
      return r.rowCount() ? r.getString(0, 0) : "<no rows>";
   }

   Database db;
   Connection con{db};
};

}  // namespace

TEST_F(Arithmetic, SmallIntOverflow) {
   const std::string overflow = "22003: smallint out of range";
   EXPECT_EQ(errorOf("SELECT s + s FROM w"), overflow);
   EXPECT_EQ(errorOf("SELECT s * s FROM w"), overflow);
   EXPECT_EQ(errorOf("SELECT s - s - s FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT s - 1::smallint FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT -s FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT s / (-1)::smallint FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT i::smallint FROM w"), overflow);
   EXPECT_EQ(scalar("SELECT s - 1::smallint FROM w"), "32766");
   EXPECT_EQ(scalar("SELECT s + 1 FROM w"), "32768");  // smallint + integer is integer
}

TEST_F(Arithmetic, IntegerOverflow) {
   const std::string overflow = "22003: integer out of range";
   EXPECT_EQ(errorOf("SELECT i + 1 FROM w"), overflow);
   EXPECT_EQ(errorOf("SELECT i * 2 FROM w"), overflow);
   EXPECT_EQ(errorOf("SELECT i - 1 FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT -i FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT i / -1 FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT b::integer FROM w"), overflow);
   EXPECT_EQ(errorOf("SELECT 2147483647 + 1"), overflow);
   EXPECT_EQ(errorOf("SELECT 65536 * 65536"), overflow);
   EXPECT_EQ(scalar("SELECT i + 1::bigint FROM w"), "2147483648");
   EXPECT_EQ(scalar("SELECT i % -1 FROM lo"), "0");
}

TEST_F(Arithmetic, BigIntOverflow) {
   const std::string overflow = "22003: bigint out of range";
   EXPECT_EQ(errorOf("SELECT b + 1 FROM w"), overflow);
   EXPECT_EQ(errorOf("SELECT b * 2 FROM w"), overflow);
   EXPECT_EQ(errorOf("SELECT b - 1 FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT -b FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT b / -1 FROM lo"), overflow);
   EXPECT_EQ(errorOf("SELECT 3037000500::bigint * 3037000500::bigint"), overflow);
   EXPECT_EQ(scalar("SELECT b - 1 FROM w"), "9223372036854775806");
   EXPECT_EQ(scalar("SELECT b FROM lo"), "-9223372036854775808");
}

TEST_F(Arithmetic, DivisionByZero) {
   EXPECT_EQ(errorOf("SELECT i / (s - s) FROM w"), "22012: division by zero");
   EXPECT_EQ(errorOf("SELECT b % 0 FROM w"), "22012: division by zero");
   EXPECT_EQ(errorOf("SELECT x / (i - 3) FROM n"), "22012: division by zero");
}

TEST_F(Arithmetic, DecimalResultTypes) {
   Result r = con.query("SELECT x + y, x - y, x * y, x / y, x + i, x * i, x FROM n");
   // + and - keep the larger scale, * adds the scales (as PostgreSQL's output scale does).
   EXPECT_EQ(r.columnType(0), SqlType::decimal(18, 4));
   EXPECT_EQ(r.columnType(1), SqlType::decimal(18, 4));
   EXPECT_EQ(r.columnType(2), SqlType::decimal(25, 6));
   // A quotient's scale depends on its value (PostgreSQL's select_div_scale): NUMERIC.
   EXPECT_EQ(r.columnType(3), SqlType::numeric());
   EXPECT_EQ(r.columnType(4), SqlType::decimal(16, 2));
   EXPECT_EQ(r.columnType(5), SqlType::decimal(25, 2));
   EXPECT_EQ(r.columnType(6), SqlType::decimal(15, 2));
   // PostgreSQL: 12.8400 | 11.8400 | 6.170000 | 24.6800000000000000 | 15.34 | 37.02
   EXPECT_EQ(r.getString(0, 0), "12.8400");
   EXPECT_EQ(r.getString(0, 1), "11.8400");
   EXPECT_EQ(r.getString(0, 2), "6.170000");
   EXPECT_EQ(r.getString(0, 3), "24.6800000000000000");
   EXPECT_EQ(r.getDouble(0, 3), 24.68);
   EXPECT_EQ(r.getString(0, 4), "15.34");
   EXPECT_EQ(r.getString(0, 5), "37.02");
   EXPECT_EQ(r.getDecimalUnscaled(0, 2), 6170000);
}

TEST_F(Arithmetic, DecimalDivisionRounds) {
   // PostgreSQL: 2.00 / 3 = 0.66666666666666666667 and -2.00 / 3 = -0.666…67: the last kept digit
   // is rounded half away from zero, whatever the scale.
   con.query("CREATE TABLE dv (x DECIMAL(3,2))");
   con.query("INSERT INTO dv VALUES (2.00)");
   Result r = con.query("SELECT x / 3, -x / 3 FROM dv");
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getString(0, 0), "0.66666666666666666667");
   EXPECT_EQ(r.getString(0, 1), "-0.66666666666666666667");
}

TEST_F(Arithmetic, WideDecimal) {
   Result r = con.query("SELECT w, w + w, w * 2 FROM n");
   EXPECT_EQ(r.columnType(0), SqlType::decimal(30, 10));
   EXPECT_EQ(r.getString(0, 0), "12345678901234567890.0123456789");
   EXPECT_EQ(r.getString(0, 1), "24691357802469135780.0246913578");
   EXPECT_EQ(r.getString(0, 2), "24691357802469135780.0246913578");
}

TEST_F(Arithmetic, DecimalColumnOverflow) {
   // numeric(15,2) holds less than 10^13: numeric field overflow (22003)
   EXPECT_EQ(errorOf("INSERT INTO n (x) VALUES (12345678901234.56)"), "22003: numeric field overflow");
   EXPECT_EQ(errorOf("INSERT INTO n (x) SELECT x * 1000000000000 FROM n"), "22003: numeric field overflow");
   EXPECT_EQ(scalar("SELECT count(*) FROM n"), "1");
}

TEST_F(Arithmetic, RescalingPast38DigitsFailsInsteadOfWrapping) {
   // 36 integer digits at scale 6 need 42: more than a DECIMAL holds, so a literal adds as NUMERIC
   // (PostgreSQL's answer); the product of two such columns stays fixed-point, capped at 38
   // digits, and must fail rather than wrap around 128 bits (PostgreSQL's numeric answers).
   con.query("CREATE TABLE big (v DECIMAL(38,2))");
   con.query("INSERT INTO big VALUES (99999999999999999999999999999999999.99), (1.00)");
   EXPECT_EQ(scalar("SELECT v + 0.000001 FROM big WHERE v > 2"), "99999999999999999999999999999999999.990001");
   EXPECT_EQ(scalar("SELECT v + 0.000001 FROM big WHERE v < 2"), "1.000001");
   EXPECT_EQ(errorOf("SELECT v * v FROM big"), "22003: numeric field overflow");
   EXPECT_EQ(scalar("SELECT v * v FROM big WHERE v < 2"), "1.0000");
}

TEST_F(Arithmetic, CaseEvaluatesOnlyTheTakenBranch) {
   con.query("CREATE TABLE z (x INTEGER)");
   con.query("INSERT INTO z VALUES (0), (1), (2), (NULL), (-5)");
   Result r = con.query("SELECT x, CASE WHEN x = 0 THEN 0 ELSE 10 / x END FROM z");
   ASSERT_EQ(r.rowCount(), 5u);
   for (size_t row = 0; row < r.rowCount(); ++row) {
      if (r.isNull(row, 0)) {
         EXPECT_TRUE(r.isNull(row, 1));
         continue;
      }
      int64_t x = r.getInt64(row, 0);
      EXPECT_EQ(r.getInt64(row, 1), x == 0 ? 0 : 10 / x) << "x = " << x;
   }
   EXPECT_EQ(scalar("SELECT sum(CASE WHEN x = 0 THEN 0 ELSE 1 / x END) FROM z"), "1");
   // PostgreSQL evaluates AND from left to right and stops at false: 2, no division by zero.
   EXPECT_EQ(scalar("SELECT count(*) FROM z WHERE x <> 0 AND 10 / x > 1"), "2");
   // PostgreSQL folds the constant WHEN first, so the division is never evaluated.
   EXPECT_EQ(scalar("SELECT CASE WHEN 1 = 0 THEN 1 / 0 ELSE 1 END"), "1");
}
