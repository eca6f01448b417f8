// decimal::parse/format/rescale/divideRounded against PostgreSQL's numeric input and rounding.
#include <gtest/gtest.h>

#include "common/decimal.h"

using namespace kiln;

namespace {

__int128 parseOk(std::string_view text, unsigned precision, unsigned scale) {
   __int128 out = -12345;
   EXPECT_EQ(decimal::parse(text, precision, scale, out), decimal::ParseStatus::Ok) << text;
   return out;
}

decimal::ParseStatus status(std::string_view text, unsigned precision, unsigned scale) {
   __int128 out = 0;
   return decimal::parse(text, precision, scale, out);
}

}  // namespace

TEST(Decimal, Pow10) {
   EXPECT_EQ(decimal::pow10(0), 1);
   EXPECT_EQ(decimal::pow10(18), __int128(1'000'000'000'000'000'000));
   EXPECT_EQ(decimal::formatInt128(decimal::pow10(38)), "1" + std::string(38, '0'));
}

TEST(Decimal, ParsePlain) {
   // SELECT ' +12.3 '::numeric(5,2) -> 12.30; '.5'::numeric(3,1) -> 0.5; '5.'::numeric(3,1) -> 5.0
   EXPECT_EQ(parseOk(" +12.3 ", 5, 2), 1230);
   EXPECT_EQ(parseOk(".5", 3, 1), 5);
   EXPECT_EQ(parseOk("5.", 3, 1), 50);
   EXPECT_EQ(parseOk("-42", 10, 0), -42);
   EXPECT_EQ(parseOk("0", 1, 0), 0);
   EXPECT_EQ(parseOk("000123.4500", 9, 4), 1234500);
}

TEST(Decimal, ParseExponent) {
   // '1e3'::numeric(6,2) -> 1000.00; '1.2345e-2'::numeric(6,4) -> 0.0123
   EXPECT_EQ(parseOk("1e3", 6, 2), 100000);
   EXPECT_EQ(parseOk("1.2345e-2", 6, 4), 123);
   EXPECT_EQ(parseOk("-2.5E+1", 5, 1), -250);
}

TEST(Decimal, ParseRoundsHalfAwayFromZero) {
   // '1.005'::numeric(5,2) -> 1.01; '-1.005' -> -1.01; '2.5'::numeric(5,0) -> 3; '-2.5' -> -3
   EXPECT_EQ(parseOk("1.005", 5, 2), 101);
   EXPECT_EQ(parseOk("-1.005", 5, 2), -101);
   EXPECT_EQ(parseOk("2.5", 5, 0), 3);
   EXPECT_EQ(parseOk("-2.5", 5, 0), -3);
   EXPECT_EQ(parseOk("1.0049", 5, 2), 100);
   // '0.004'::numeric(3,2) and '-0.004' are both 0.00
   EXPECT_EQ(parseOk("0.004", 3, 2), 0);
   EXPECT_EQ(parseOk("-0.004", 3, 2), 0);
   EXPECT_EQ(parseOk("0.0000001", 10, 2), 0);
}

TEST(Decimal, ParseOverflow) {
   // '1000'::numeric(5,2) and '999.995'::numeric(5,2) (rounds up to 1000.00): numeric field overflow
   EXPECT_EQ(status("1000", 5, 2), decimal::ParseStatus::Overflow);
   EXPECT_EQ(status("999.995", 5, 2), decimal::ParseStatus::Overflow);
   EXPECT_EQ(status("-999.995", 5, 2), decimal::ParseStatus::Overflow);
   EXPECT_EQ(parseOk("999.994", 5, 2), 99999);
   EXPECT_EQ(status("1e3", 5, 2), decimal::ParseStatus::Overflow);
   EXPECT_EQ(status("123456789012345678901234567890123456789", 38, 0), decimal::ParseStatus::Overflow);
   EXPECT_EQ(parseOk("99999999999999999999999999999999999999", 38, 0), decimal::pow10(38) - 1);
}

TEST(Decimal, ParseMalformed) {
   // '1x', '.', 'e5', '1e' are invalid input syntax for type numeric
   for (std::string_view text : {"1x", ".", "e5", "1e", "", " ", "-", "1.2.3", "1 2", "--1"})
      EXPECT_EQ(status(text, 10, 2), decimal::ParseStatus::Malformed) << '"' << text << '"';
}

TEST(Decimal, Format) {
   EXPECT_EQ(decimal::format(1230, 2), "12.30");
   EXPECT_EQ(decimal::format(5, 1), "0.5");
   EXPECT_EQ(decimal::format(-5, 3), "-0.005");
   EXPECT_EQ(decimal::format(0, 2), "0.00");
   EXPECT_EQ(decimal::format(-42, 0), "-42");
   EXPECT_EQ(decimal::format(0, 0), "0");
   __int128 big = decimal::pow10(38) - 1;
   EXPECT_EQ(decimal::format(big, 10), std::string(28, '9') + "." + std::string(10, '9'));
   EXPECT_EQ(decimal::format(-big, 38), "-0." + std::string(38, '9'));
   __int128 minimum = -(__int128(1) << 126) * 2;  // INT128_MIN
   EXPECT_EQ(decimal::formatInt128(minimum), "-170141183460469231731687303715884105728");
}

TEST(Decimal, RescaleUp) {
   __int128 out = 0;
   ASSERT_TRUE(decimal::rescale(123, 2, 5, out));
   EXPECT_EQ(out, 123000);
   ASSERT_TRUE(decimal::rescale(-7, 0, 0, out));
   EXPECT_EQ(out, -7);
   // 10^37 scaled up by 10^2 no longer fits in 128 bits.
   EXPECT_FALSE(decimal::rescale(decimal::pow10(37), 0, 2, out));
   ASSERT_TRUE(decimal::rescale(0, 0, 60, out));
   EXPECT_EQ(out, 0);
   EXPECT_FALSE(decimal::rescale(1, 0, 60, out));
}

TEST(Decimal, RescaleDownRoundsHalfAwayFromZero) {
   // 1.005::numeric(5,2) -> 1.01, 1.0049 -> 1.00, -1.005 -> -1.01 (PostgreSQL's round())
   __int128 out = 0;
   ASSERT_TRUE(decimal::rescale(1005, 3, 2, out));
   EXPECT_EQ(out, 101);
   ASSERT_TRUE(decimal::rescale(10049, 4, 2, out));
   EXPECT_EQ(out, 100);
   ASSERT_TRUE(decimal::rescale(-1005, 3, 2, out));
   EXPECT_EQ(out, -101);
   ASSERT_TRUE(decimal::rescale(-1004, 3, 2, out));
   EXPECT_EQ(out, -100);
   ASSERT_TRUE(decimal::rescale(123456, 50, 2, out));
   EXPECT_EQ(out, 0);
}

TEST(Decimal, DivideRounded) {
   EXPECT_EQ(decimal::divideRounded(7, 2), 4);     // 3.5 -> 4
   EXPECT_EQ(decimal::divideRounded(-7, 2), -4);   // -3.5 -> -4
   EXPECT_EQ(decimal::divideRounded(7, -2), -4);
   EXPECT_EQ(decimal::divideRounded(-7, -2), 4);
   EXPECT_EQ(decimal::divideRounded(5, 3), 2);     // 1.67
   EXPECT_EQ(decimal::divideRounded(-5, 3), -2);
   EXPECT_EQ(decimal::divideRounded(4, 3), 1);     // 1.33
   EXPECT_EQ(decimal::divideRounded(1, 3), 0);
   EXPECT_EQ(decimal::divideRounded(2, 3), 1);
   EXPECT_EQ(decimal::divideRounded(6, 3), 2);
   EXPECT_EQ(decimal::divideRounded(0, 5), 0);
   // Large operands must not overflow while comparing the remainder.
   __int128 big = decimal::pow10(38) - 1;
   EXPECT_EQ(decimal::divideRounded(big, big - 1), 1);
   EXPECT_EQ(decimal::divideRounded(big, 2), decimal::pow10(38) / 2);
}

TEST(Decimal, DivideScaledBeyond128Bits) {
   __int128 q = 0;
   // 10^30 * 10^20 / 3 needs a 166-bit product; the quotient 3.33...e49 does not fit.
   EXPECT_FALSE(decimal::divideScaled(decimal::pow10(30), 3, 20, q));
   // 10^30 * 10^8 / (3 * 10^20): the product needs 127+ bits, the quotient is 333333333333333333 (rounded).
   ASSERT_TRUE(decimal::divideScaled(decimal::pow10(30), 3 * decimal::pow10(20), 8, q));
   EXPECT_EQ(q, decimal::pow10(18) / 3);
   ASSERT_TRUE(decimal::divideScaled(-decimal::pow10(37), 3 * decimal::pow10(37), 37, q));
   EXPECT_EQ(q, -(decimal::pow10(37) / 3));
   ASSERT_TRUE(decimal::divideScaled(2 * decimal::pow10(37), 3 * decimal::pow10(37), 37, q));
   EXPECT_EQ(q, 2 * (decimal::pow10(37) / 3) + 1);  // 0.666...67, rounded half away from zero
   // More than 38 digits of scale up, in chunks: 1 / 3 * 10^60 with 30 digits left over.
   ASSERT_TRUE(decimal::divideScaled(1, 3 * decimal::pow10(30), 60, q));
   EXPECT_EQ(q, decimal::pow10(30) / 3);
   ASSERT_TRUE(decimal::divideScaled(-5, 2, 0, q));
   EXPECT_EQ(q, -3);
}
