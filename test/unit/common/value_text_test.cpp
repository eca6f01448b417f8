// The text conversions of common/value.h: PostgreSQL's input functions, their SQLSTATEs, and
// float output (shortest round-trip digits, PostgreSQL's exponent rule).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "common/value.h"

using namespace kiln;

namespace {

/// The SQLSTATE `f` throws as kiln::Error, or "none".
template <typename F>
std::string sqlstateOf(F&& f) {
   try {
      f();
   } catch (const Error& e) {
      return e.sqlstate();
   }
   return "none";
}

template <typename F>
std::string messageOf(F&& f) {
   try {
      f();
   } catch (const Error& e) {
      return e.message();
   }
   return "none";
}

}  // namespace

TEST(TextFormatDouble, ShortestRoundTrip) {
   // SELECT 0.1::float8 + 0.2 -> 0.30000000000000004
   EXPECT_EQ(text::formatDouble(0.1 + 0.2, false), "0.30000000000000004");
   EXPECT_EQ(text::formatDouble(1.5, false), "1.5");
   EXPECT_EQ(text::formatDouble(-2.25, false), "-2.25");
   EXPECT_EQ(text::formatDouble(1.0 / 3.0, false), "0.3333333333333333");
   EXPECT_EQ(text::formatDouble(123456789012345.0, false), "123456789012345");
   EXPECT_EQ(text::formatDouble(100000000000000.0, false), "100000000000000");
   EXPECT_EQ(text::formatDouble(0.0001, false), "0.0001");
   EXPECT_EQ(text::formatDouble(0.00012345, false), "0.00012345");
}

TEST(TextFormatDouble, ExponentRule) {
   // 1e15::float8 -> 1e+15, 1.5e-7 -> 1.5e-07, 1e-5 -> 1e-05, 1e100 -> 1e+100,
   // 123456789012345678::float8 -> 1.2345678901234568e+17
   EXPECT_EQ(text::formatDouble(1e15, false), "1e+15");
   EXPECT_EQ(text::formatDouble(-1e15, false), "-1e+15");
   EXPECT_EQ(text::formatDouble(1.5e-7, false), "1.5e-07");
   EXPECT_EQ(text::formatDouble(1e-5, false), "1e-05");
   EXPECT_EQ(text::formatDouble(1e100, false), "1e+100");
   EXPECT_EQ(text::formatDouble(1e20, false), "1e+20");
   EXPECT_EQ(text::formatDouble(123456789012345678.0, false), "1.2345678901234568e+17");
   EXPECT_EQ(text::formatDouble(1e-310, false), "1e-310");
}

TEST(TextFormatDouble, Special) {
   EXPECT_EQ(text::formatDouble(0.0, false), "0");
   EXPECT_EQ(text::formatDouble(-0.0, false), "-0");
   EXPECT_EQ(text::formatDouble(std::numeric_limits<double>::quiet_NaN(), false), "NaN");
   EXPECT_EQ(text::formatDouble(std::numeric_limits<double>::infinity(), false), "Infinity");
   EXPECT_EQ(text::formatDouble(-std::numeric_limits<double>::infinity(), false), "-Infinity");
}

TEST(TextFormatDouble, Real) {
   // 1.1::float4 -> 1.1; 1e6::float4 -> 1e+06; 123456::float4 -> 123456; 1234567::float4 -> 1.234567e+06;
   // 0.1::float4 -> 0.1; 1e-5::float4 -> 1e-05
   EXPECT_EQ(text::formatDouble(double(1.1f), true), "1.1");
   EXPECT_EQ(text::formatDouble(1e6, true), "1e+06");
   EXPECT_EQ(text::formatDouble(123456, true), "123456");
   EXPECT_EQ(text::formatDouble(999999, true), "999999");
   EXPECT_EQ(text::formatDouble(1234567, true), "1.234567e+06");
   EXPECT_EQ(text::formatDouble(double(0.1f), true), "0.1");
   EXPECT_EQ(text::formatDouble(double(1e-5f), true), "1e-05");
   // 1.1::float4::float8 -> 1.100000023841858
   EXPECT_EQ(text::formatDouble(double(1.1f), false), "1.100000023841858");
}

TEST(TextParseInteger, Accepts) {
   // ' 42 '::int, '+7'::int, '-32768'::smallint, '-9223372036854775808'::bigint
   EXPECT_EQ(text::parseInteger(" 42 ", SqlType::integer()), 42);
   EXPECT_EQ(text::parseInteger("+7", SqlType::integer()), 7);
   EXPECT_EQ(text::parseInteger("-32768", SqlType::smallInt()), -32768);
   EXPECT_EQ(text::parseInteger("2147483647", SqlType::integer()), 2147483647);
   EXPECT_EQ(text::parseInteger("-9223372036854775808", SqlType::bigInt()), INT64_MIN);
   EXPECT_EQ(text::parseInteger("9223372036854775807", SqlType::bigInt()), INT64_MAX);
}

TEST(TextParseInteger, Errors) {
   // invalid input syntax for type integer: "12a" / "" / "-" / "1 2" (22P02)
   for (std::string_view bad : {"12a", "", "-", "1 2", "1.5", "abc", " "})
      EXPECT_EQ(sqlstateOf([&] { text::parseInteger(bad, SqlType::integer()); }), "22P02") << bad;
   EXPECT_EQ(messageOf([] { text::parseInteger("12a", SqlType::integer()); }), "invalid input syntax for type integer: \"12a\"");
   // value "32768" is out of range for type smallint (22003)
   EXPECT_EQ(sqlstateOf([] { text::parseInteger("32768", SqlType::smallInt()); }), "22003");
   EXPECT_EQ(messageOf([] { text::parseInteger("32768", SqlType::smallInt()); }), "value \"32768\" is out of range for type smallint");
   EXPECT_EQ(sqlstateOf([] { text::parseInteger("2147483648", SqlType::integer()); }), "22003");
   EXPECT_EQ(sqlstateOf([] { text::parseInteger("-2147483649", SqlType::integer()); }), "22003");
   EXPECT_EQ(sqlstateOf([] { text::parseInteger("9223372036854775808", SqlType::bigInt()); }), "22003");
   EXPECT_EQ(sqlstateOf([] { text::parseInteger("99999999999999999999", SqlType::bigInt()); }), "22003");
   EXPECT_EQ(sqlstateOf([] { text::parseInteger("999999999999999999999999999999999999999999", SqlType::bigInt()); }), "22003");
}

TEST(TextParseBool, LikePostgres) {
   // 't','TRUE','yes','y','on','1' are true; 'f','no','off','0',' false ','of' are false
   for (std::string_view t : {"t", "TRUE", "yes", "y", "on", "1", "tr", " true "}) EXPECT_TRUE(text::parseBool(t)) << t;
   for (std::string_view f : {"f", "no", "off", "0", " false ", "of", "FALSE", "n"}) EXPECT_FALSE(text::parseBool(f)) << f;
   // 'o' is ambiguous (on/off), 'maybe' and '' are not booleans: 22P02
   for (std::string_view bad : {"o", "maybe", "", "2", "truex"}) EXPECT_EQ(sqlstateOf([&] { text::parseBool(bad); }), "22P02") << bad;
   EXPECT_EQ(messageOf([] { text::parseBool("maybe"); }), "invalid input syntax for type boolean: \"maybe\"");
}

TEST(TextParseDouble, Values) {
   EXPECT_EQ(text::parseDouble(" 1.5 ", SqlType::double_()), 1.5);
   EXPECT_TRUE(std::isinf(text::parseDouble("Infinity", SqlType::double_())));
   EXPECT_LT(text::parseDouble("-inf", SqlType::double_()), 0);
   EXPECT_TRUE(std::isnan(text::parseDouble("NaN", SqlType::double_())));
   EXPECT_EQ(text::parseDouble("1e-310", SqlType::double_()), 1e-310);  // subnormal, accepted
   EXPECT_EQ(text::parseDouble("1.1", SqlType::real()), double(1.1f));
   EXPECT_EQ(sqlstateOf([] { text::parseDouble("abc", SqlType::double_()); }), "22P02");
   EXPECT_EQ(sqlstateOf([] { text::parseDouble("", SqlType::double_()); }), "22P02");
   EXPECT_EQ(messageOf([] { text::parseDouble("abc", SqlType::double_()); }), "invalid input syntax for type double precision: \"abc\"");
}

TEST(TextParseDouble, OutOfRange) {
   // "1e400" is out of range for type double precision; "1e39" for real (22003)
   EXPECT_EQ(sqlstateOf([] { text::parseDouble("1e400", SqlType::double_()); }), "22003");
   EXPECT_EQ(messageOf([] { text::parseDouble("1e400", SqlType::double_()); }), "\"1e400\" is out of range for type double precision");
   EXPECT_EQ(sqlstateOf([] { text::parseDouble("1e39", SqlType::real()); }), "22003");
}

TEST(TextParseDouble, UnderflowIsOutOfRange) {
   // PostgreSQL: SELECT '1e-400'::float8 and '1e-50'::float4 fail with 22003 (they would round to zero)
   EXPECT_EQ(sqlstateOf([] { text::parseDouble("1e-400", SqlType::double_()); }), "22003");
   EXPECT_EQ(sqlstateOf([] { text::parseDouble("1e-50", SqlType::real()); }), "22003");
}

TEST(TextParseDecimal, Errors) {
   EXPECT_EQ(text::parseDecimal("12.345", SqlType::decimal(5, 2)), 1235);
   EXPECT_EQ(sqlstateOf([] { text::parseDecimal("1x", SqlType::decimal(5, 2)); }), "22P02");
   EXPECT_EQ(messageOf([] { text::parseDecimal("1x", SqlType::decimal(5, 2)); }), "invalid input syntax for type numeric: \"1x\"");
   try {
      text::parseDecimal("1000", SqlType::decimal(5, 2));
      FAIL() << "no overflow";
   } catch (const Error& e) {
      EXPECT_EQ(e.sqlstate(), "22003");
      EXPECT_EQ(e.message(), "numeric field overflow");
      EXPECT_EQ(e.detail(), "A field with precision 5, scale 2 must round to an absolute value less than 10^3.");
   }
}

TEST(TextParseDate, Errors) {
   EXPECT_EQ(text::parseDate("1998-12-01"), -396);
   EXPECT_EQ(sqlstateOf([] { text::parseDate("2023-02-29"); }), "22008");
   EXPECT_EQ(messageOf([] { text::parseDate("2023-02-29"); }), "date/time field value out of range: \"2023-02-29\"");
   EXPECT_EQ(sqlstateOf([] { text::parseDate("abc"); }), "22007");
   EXPECT_EQ(messageOf([] { text::parseDate("abc"); }), "invalid input syntax for type date: \"abc\"");
}

TEST(TextFitString, LengthLimits) {
   // INSERT 'abcd' into varchar(3) / char(3): value too long for type character varying(3) / character(3) (22001)
   EXPECT_EQ(sqlstateOf([] { text::fitString("abcd", SqlType::varchar(3)); }), "22001");
   EXPECT_EQ(messageOf([] { text::fitString("abcd", SqlType::varchar(3)); }), "value too long for type character varying(3)");
   EXPECT_EQ(sqlstateOf([] { text::fitString("abcd", SqlType::char_(3)); }), "22001");
   EXPECT_EQ(messageOf([] { text::fitString("abcd", SqlType::char_(3)); }), "value too long for type character(3)");
   EXPECT_EQ(text::fitString("abc", SqlType::varchar(3)), "abc");
   EXPECT_EQ(text::fitString("abcdefgh", SqlType::varchar(0)), "abcdefgh");
   EXPECT_EQ(text::fitString("abcdefgh", SqlType::text()), "abcdefgh");
}

TEST(TextFitString, TrailingBlanks) {
   // 'abc  ' fits varchar(3) as 'abc' (excess blanks are cut); CHAR drops trailing blanks
   EXPECT_EQ(text::fitString("abc  ", SqlType::varchar(3)), "abc");
   EXPECT_EQ(text::fitString("ab ", SqlType::varchar(5)), "ab ");  // VARCHAR keeps blanks within the limit
   EXPECT_EQ(text::fitString("xyz   ", SqlType::char_(3)), "xyz");
   EXPECT_EQ(text::fitString("x  ", SqlType::char_(3)), "x");
   EXPECT_EQ(text::fitString("a b", SqlType::char_(3)), "a b");
   EXPECT_EQ(sqlstateOf([] { text::fitString("ab c", SqlType::char_(3)); }), "22001");
}

TEST(ValueText, ParseAndFormatEveryType) {
   auto roundTrip = [](std::string_view text, SqlType type) { return formatValue(parseValue(text, type)); };
   EXPECT_EQ(roundTrip("yes", SqlType::boolean()), "t");
   EXPECT_EQ(roundTrip("off", SqlType::boolean()), "f");
   EXPECT_EQ(roundTrip(" -12 ", SqlType::smallInt()), "-12");
   EXPECT_EQ(roundTrip("+99", SqlType::bigInt()), "99");
   EXPECT_EQ(roundTrip("3.14159", SqlType::decimal(6, 3)), "3.142");
   EXPECT_EQ(roundTrip("7", SqlType::decimal(4, 2)), "7.00");
   EXPECT_EQ(roundTrip("0.5", SqlType::double_()), "0.5");
   EXPECT_EQ(roundTrip("1e15", SqlType::double_()), "1e+15");
   EXPECT_EQ(roundTrip("1.1", SqlType::real()), "1.1");
   EXPECT_EQ(roundTrip("1998-12-01", SqlType::date()), "1998-12-01");
   EXPECT_EQ(roundTrip("1 year 2 months 3 days 04:05:06", SqlType::interval()), "1 year 2 mons 3 days 04:05:06");
   EXPECT_EQ(roundTrip("hello", SqlType::text()), "hello");
   EXPECT_EQ(formatValue(Value::null(SqlType::integer())), "");
   Value v = parseValue("-396", SqlType::integer());
   EXPECT_FALSE(v.isNull);
   EXPECT_EQ(v.integer, -396);
}
