// Numeric, date and error helpers of the runtime, checked against PostgreSQL's results.
#include <gtest/gtest.h>

#include "common/date.h"
#include "common/decimal.h"
#include "common/timestamp.h"
#include "runtime/helpers.h"

using namespace kiln;

namespace {

template <typename F>
std::string sqlstateOf(F&& f) {
   try {
      f();
   } catch (const Error& e) {
      return e.sqlstate() + ": " + e.message();
   }
   return "none";
}

}  // namespace

TEST(RuntimeErrors, CodesMapToPostgresErrors) {
   EXPECT_EQ(sqlstateOf([] { kiln_error(int32_t(RuntimeError::DivisionByZero)); }), "22012: division by zero");
   EXPECT_EQ(sqlstateOf([] { kiln_error(int32_t(RuntimeError::SmallIntOutOfRange)); }), "22003: smallint out of range");
   EXPECT_EQ(sqlstateOf([] { kiln_error(int32_t(RuntimeError::IntegerOutOfRange)); }), "22003: integer out of range");
   EXPECT_EQ(sqlstateOf([] { kiln_error(int32_t(RuntimeError::BigIntOutOfRange)); }), "22003: bigint out of range");
   EXPECT_EQ(sqlstateOf([] { kiln_error(int32_t(RuntimeError::NumericOverflow)); }), "22003: numeric field overflow");
   EXPECT_EQ(sqlstateOf([] { kiln_error(int32_t(RuntimeError::DoubleOutOfRange)); }), "22003: value out of range: overflow");
}

TEST(RuntimeDecimalDivide, RoundsHalfAwayFromZero) {
   // numeric(3,2) / integer at result scale 6: the dividend is scaled up by 10^(6 - 2 + 0).
   EXPECT_EQ(kiln_decimal_divide(100, 3, 4), 333333);    // 1.00 / 3 = 0.333333
   EXPECT_EQ(kiln_decimal_divide(200, 3, 4), 666667);    // 2.00 / 3 = 0.666667 (…6666 rounds up)
   EXPECT_EQ(kiln_decimal_divide(-200, 3, 4), -666667);  // -2.00 / 3 = -0.666667
   EXPECT_EQ(kiln_decimal_divide(200, -3, 4), -666667);
   EXPECT_EQ(kiln_decimal_divide(1, 8, 2), 13);          // 0.125 -> 0.13 at scale 2
   EXPECT_EQ(kiln_decimal_divide(-1, 8, 2), -13);
   EXPECT_EQ(kiln_decimal_divide(1, 8, 0), 0);
   EXPECT_EQ(kiln_decimal_divide(4, 8, 0), 1);           // 0.5 -> 1
   EXPECT_EQ(kiln_decimal_divide(0, 7, 6), 0);
}

TEST(RuntimeDecimalDivide, Errors) {
   EXPECT_EQ(sqlstateOf([] { kiln_decimal_divide(1, 0, 6); }), "22012: division by zero");
   // The scaled-up dividend does not fit into 128 bits.
   EXPECT_EQ(sqlstateOf([] { kiln_decimal_divide(decimal::pow10(35), 3, 6); }).substr(0, 5), "22003");
}

TEST(RuntimeInt128, ModDivMultiply) {
   // -7 % 3 = -1, 7 % -3 = 1 (sign of the dividend), x % -1 = 0
   EXPECT_EQ(kiln_i128_mod(-7, 3), -1);
   EXPECT_EQ(kiln_i128_mod(7, -3), 1);
   EXPECT_EQ(kiln_i128_mod(-(__int128(1) << 126) * 2, -1), 0);
   EXPECT_EQ(sqlstateOf([] { kiln_i128_mod(1, 0); }), "22012: division by zero");
   EXPECT_EQ(kiln_i128_div_rounded(15, 10), 2);
   EXPECT_EQ(kiln_i128_div_rounded(-15, 10), -2);
   EXPECT_EQ(kiln_i128_div_floor(-7, 2, false), -4);
   EXPECT_EQ(kiln_i128_div_floor(7, 2, false), 3);
   EXPECT_EQ(kiln_i128_div_floor(7, 2, true), 4);
   EXPECT_EQ(kiln_i128_div_floor(-7, 2, true), -3);
   EXPECT_EQ(kiln_i128_div_floor(-8, 2, true), -4);
   __int128 out = 0;
   EXPECT_FALSE(kiln_mul128_overflows(decimal::pow10(19), decimal::pow10(18), &out));
   EXPECT_EQ(out, decimal::pow10(37));
   EXPECT_TRUE(kiln_mul128_overflows(decimal::pow10(20), decimal::pow10(19), &out));
}

TEST(RuntimeConversions, DecimalDouble) {
   EXPECT_EQ(kiln_i128_to_double(12345, 2), 123.45);
   EXPECT_EQ(kiln_i128_to_double(1, 1), 0.1);
   EXPECT_EQ(kiln_i128_to_double(-30000000000000004, 17), -0.30000000000000004);
   // 0.1::float8 + 0.2 cast to numeric(5,2) = 0.30; 2.675::float8::numeric(5,2) = 2.68 (decimal text 2.675)
   EXPECT_EQ(kiln_double_to_decimal(0.1 + 0.2, 5, 2), 30);
   EXPECT_EQ(kiln_double_to_decimal(2.675, 5, 2), 268);
   EXPECT_EQ(kiln_double_to_decimal(-1.5, 5, 0), -2);
   EXPECT_EQ(sqlstateOf([] { kiln_double_to_decimal(1000, 5, 2); }).substr(0, 5), "22003");
}

TEST(RuntimeDates, ExtractAndAddInterval) {
   int32_t d = date::fromCivil(1998, 12, 1);
   EXPECT_EQ(kiln_extract(d, 0), 1998);
   EXPECT_EQ(kiln_extract(d, 1), 12);
   EXPECT_EQ(kiln_extract(d, 2), 1);
   // extract(quarter from date '1998-08-15') = 3; dow of 2000-01-01 = 6 and of 1998-12-01 = 2;
   // doy of 2000-12-31 = 366
   EXPECT_EQ(kiln_extract(date::fromCivil(1998, 8, 15), 3), 3);
   EXPECT_EQ(kiln_extract(0, 4), 6);
   EXPECT_EQ(kiln_extract(d, 4), 2);
   EXPECT_EQ(kiln_extract(date::fromCivil(2000, 12, 31), 5), 366);
   // timestamp '1998-12-01' - interval '90 days' = 1998-09-02 00:00:00
   Interval ninetyDays{0, 90, 0};
   EXPECT_EQ(timestamp::format(kiln_timestamp_add_interval(timestamp::fromDate(d), &ninetyDays, -1)), "1998-09-02 00:00:00");
   // timestamp '2000-01-31 10:00' + interval '1 month 1 day 1 hour' = 2000-03-01 11:00; minus the same = 2000-01-31 09:00
   Interval monthDayHour{1, 1, 3'600'000'000};
   int64_t tenOClock = timestamp::parse("2000-01-31 10:00");
   EXPECT_EQ(timestamp::format(kiln_timestamp_add_interval(tenOClock, &monthDayHour, 1)), "2000-03-01 11:00:00");
   EXPECT_EQ(timestamp::format(kiln_timestamp_add_interval(timestamp::parse("2000-03-01 10:00"), &monthDayHour, -1)), "2000-01-31 09:00:00");
}

TEST(RuntimeFormat, OutputFunctions) {
   StringHeap heap;
   GermanString out;
   kiln_format_decimal(-5, 3, &out, &heap);
   EXPECT_EQ(out.view(), "-0.005");
   kiln_format_integer(INT64_MIN, &out, &heap);
   EXPECT_EQ(out.view(), "-9223372036854775808");
   kiln_format_double(0.1 + 0.2, false, &out, &heap);
   EXPECT_EQ(out.view(), "0.30000000000000004");
   kiln_format_date(-396, &out, &heap);
   EXPECT_EQ(out.view(), "1998-12-01");
   Interval i{14, 3, 0};
   kiln_format_interval(&i, &out, &heap);
   EXPECT_EQ(out.view(), "1 year 2 mons 3 days");
   // Casting a boolean to text gives 'true'/'false' (its output form 't'/'f' is for results).
   kiln_format_bool(true, &out);
   EXPECT_EQ(out.view(), "true");
}
