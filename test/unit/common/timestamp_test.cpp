// TIMESTAMP as microseconds since 2000-01-01; values checked with PostgreSQL 15.
#include <gtest/gtest.h>

#include "common/date.h"
#include "common/timestamp.h"

using namespace kiln;

namespace {

std::string sqlstateOf(std::string_view text) {
   try {
      timestamp::parse(text);
   } catch (const Error& error) {
      return error.sqlstate();
   }
   return "";
}

}  // namespace

TEST(Timestamp, ParseAndFormatRoundTrip) {
   for (const char* text : {"2024-03-01 12:34:56.789", "2000-01-01 00:00:00", "1999-12-31 23:59:59.999999", "1969-07-20 20:17:40", "0001-01-01 00:00:00 BC",
                            "4714-11-24 00:00:00 BC", "294276-12-31 23:59:59.999999"})
      EXPECT_EQ(timestamp::format(timestamp::parse(text)), text);
   EXPECT_EQ(timestamp::parse("2000-01-01"), 0);
   EXPECT_EQ(timestamp::parse("1999-12-31 23:59:59.999999"), -1);
   EXPECT_EQ(timestamp::parse("epoch"), -timestamp::unixEpochOffset);
   EXPECT_EQ(timestamp::format(timestamp::parse("2024-03-01T12:34:56.0000006")), "2024-03-01 12:34:56.000001");
   EXPECT_EQ(timestamp::format(timestamp::parse("2024-03-01 24:00")), "2024-03-02 00:00:00");
   EXPECT_EQ(timestamp::format(timestamp::parse("2024-03-01 12:00:00-07:30")), "2024-03-01 12:00:00");
}

TEST(Timestamp, ParseErrors) {
   EXPECT_EQ(sqlstateOf("abc"), "22007");
   EXPECT_EQ(sqlstateOf("2024-03-01 12"), "22007");
   EXPECT_EQ(sqlstateOf("2024-03-01 12:00 xyz"), "22007");
   EXPECT_EQ(sqlstateOf("2024-02-30"), "22008");
   EXPECT_EQ(sqlstateOf("2024-03-01 12:61"), "22008");
   EXPECT_EQ(sqlstateOf("294277-01-01"), "22008");
   EXPECT_EQ(sqlstateOf("now"), "0A000");
   EXPECT_EQ(sqlstateOf("+infinity"), "22007");
   EXPECT_EQ(sqlstateOf("infinity 25:00"), "22008");
   EXPECT_EQ(sqlstateOf("4715-01-01 BC"), "22008");
   EXPECT_EQ(sqlstateOf("99999999-01-01"), "22008");
}

TEST(Timestamp, Infinities) {
   // 'infinity'::timestamp, ' -Infinity ', '- infinity', 'infinity 10:00 BC': PostgreSQL's spellings
   EXPECT_EQ(timestamp::parse("infinity"), timestamp::infinity);
   EXPECT_EQ(timestamp::parse(" -Infinity "), timestamp::minusInfinity);
   EXPECT_EQ(timestamp::parse("- infinity"), timestamp::minusInfinity);
   EXPECT_EQ(timestamp::parse("infinity 10:00 BC"), timestamp::infinity);
   EXPECT_EQ(timestamp::format(timestamp::infinity), "infinity");
   EXPECT_EQ(timestamp::format(timestamp::minusInfinity), "-infinity");
   // Conversions and arithmetic keep them; differences fail (22008), as in PostgreSQL.
   EXPECT_EQ(timestamp::fromDate(date::infinity), timestamp::infinity);
   EXPECT_EQ(timestamp::toDate(timestamp::minusInfinity), date::minusInfinity);
   EXPECT_EQ(timestamp::addInterval(timestamp::infinity, Interval{-12000000, 0, 0}, 1), timestamp::infinity);
   EXPECT_EQ(timestamp::truncate(timestamp::minusInfinity, timestamp::Unit::Year), timestamp::minusInfinity);
   EXPECT_EQ(timestamp::round(timestamp::infinity, 0), timestamp::infinity);
   EXPECT_THROW(timestamp::difference(timestamp::infinity, 0), Error);
   // age('infinity', '2000-01-01') as PostgreSQL 15 computes it from INT64_MAX: 292277 years 8 days 04:00:54.775807
   EXPECT_EQ(interval::format(timestamp::age(timestamp::infinity, 0)), "292277 years 8 days 04:00:54.775807");
   EXPECT_THROW(timestamp::age(timestamp::minusInfinity, 0), Error);
}

TEST(Timestamp, RangeLimits) {
   // '294276-12-31'::date::timestamp is the last midnight; '294277-01-01'::date::timestamp and
   // '5874897-12-31'::date::timestamp are 22008 "date out of range for timestamp" (no wrap-around).
   EXPECT_EQ(timestamp::format(timestamp::fromDate(timestamp::endDay - 1)), "294276-12-31 00:00:00");
   for (int32_t days : {timestamp::endDay, date::endDay - 1}) {
      try {
         timestamp::fromDate(days);
         ADD_FAILURE() << days;
      } catch (const Error& error) {
         EXPECT_EQ(error.message(), "date out of range for timestamp");
      }
   }
   // Each step of timestamp + interval is checked: '294276-12-31' + '1 day -48 hours' fails.
   EXPECT_THROW(timestamp::addInterval(timestamp::parse("294276-12-31"), Interval{0, 1, -48 * timestamp::microsPerHour}, 1), Error);
   EXPECT_THROW(timestamp::addInterval(0, Interval{INT32_MAX, 0, 0}, 1), Error);
   // date_trunc('year', '4714-11-24 BC') starts before the range: 22008.
   EXPECT_THROW(timestamp::truncate(timestamp::minimum, timestamp::Unit::Year), Error);
   EXPECT_EQ(timestamp::truncate(timestamp::minimum, timestamp::Unit::Day), timestamp::minimum);
}

TEST(Timestamp, DatesAndTimeOfDay) {
   int64_t beforeEpoch = timestamp::parse("1999-12-31 18:00");
   EXPECT_EQ(timestamp::toDate(beforeEpoch), -1);
   EXPECT_EQ(timestamp::timeOfDay(beforeEpoch), 18 * 3'600'000'000LL);
   EXPECT_EQ(timestamp::fromDate(-1), timestamp::parse("1999-12-31"));
   EXPECT_THROW(timestamp::fromDate(200'000'000), Error);
}

TEST(Timestamp, IntervalArithmetic) {
   auto plus = [](const char* at, Interval i, int32_t sign = 1) { return timestamp::format(timestamp::addInterval(timestamp::parse(at), i, sign)); };
   EXPECT_EQ(plus("2024-01-31 10:00", {1, 0, 0}), "2024-02-29 10:00:00");
   EXPECT_EQ(plus("2024-03-31", {1, 0, 0}, -1), "2024-02-29 00:00:00");
   EXPECT_EQ(plus("2024-01-01 10:00", {1, 2, 3 * 3'600'000'000LL}, -1), "2023-11-29 07:00:00");
   EXPECT_THROW(plus("294276-12-31 23:59:59.999999", {0, 0, 1}), Error);
   Interval d = timestamp::difference(timestamp::parse("2024-01-01"), timestamp::parse("2024-03-01 00:00:00.5"));
   EXPECT_EQ(d.months, 0);
   EXPECT_EQ(d.days, -60);
   EXPECT_EQ(d.micros, -500'000);
}

TEST(Timestamp, Truncate) {
   auto trunc = [](const char* unit, const char* at) { return timestamp::format(timestamp::truncate(timestamp::parse(at), *timestamp::unitNamed(unit))); };
   EXPECT_EQ(trunc("week", "2024-03-03 10:00"), "2024-02-26 00:00:00");
   EXPECT_EQ(trunc("quarter", "2024-05-03 10:11"), "2024-04-01 00:00:00");
   EXPECT_EQ(trunc("hour", "1960-06-15 12:34:56.5"), "1960-06-15 12:00:00");
   EXPECT_EQ(trunc("century", "2000-05-03"), "1901-01-01 00:00:00");
   EXPECT_EQ(trunc("millennium", "2024-05-03"), "2001-01-01 00:00:00");
   EXPECT_EQ(trunc("decade", "0005-05-03 BC"), "0011-01-01 00:00:00 BC");
   EXPECT_FALSE(timestamp::unitNamed("fortnight"));
}
