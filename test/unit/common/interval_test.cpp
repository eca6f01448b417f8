// INTERVAL input and output in PostgreSQL's default IntervalStyle (postgres).
#include <gtest/gtest.h>

#include "common/interval.h"

using namespace kiln;

namespace {

std::string roundTrip(std::string_view text) {
   auto value = interval::parse(text);
   EXPECT_TRUE(value.has_value()) << text;
   return value ? interval::format(*value) : "<malformed>";
}

constexpr int64_t second = interval::microsPerSecond;

}  // namespace

TEST(Interval, Parse) {
   auto v = interval::parse("1 year 2 months 3 days 04:05:06");
   ASSERT_TRUE(v);
   EXPECT_EQ(v->months, 14);
   EXPECT_EQ(v->days, 3);
   EXPECT_EQ(v->micros, (4 * 3600 + 5 * 60 + 6) * second);

   v = interval::parse("-2 hours");
   ASSERT_TRUE(v);
   EXPECT_EQ(v->months, 0);
   EXPECT_EQ(v->days, 0);
   EXPECT_EQ(v->micros, -2 * 3600 * second);

   v = interval::parse("3 weeks");
   ASSERT_TRUE(v);
   EXPECT_EQ(v->days, 21);
}

TEST(Interval, ParseFractions) {
   // '1.5 months' = 1 mon 15 days; '1.5 days' = 1 day 12:00:00; '1.5 seconds' = 00:00:01.5
   auto v = interval::parse("1.5 months");
   ASSERT_TRUE(v);
   EXPECT_EQ(v->months, 1);
   EXPECT_EQ(v->days, 15);
   v = interval::parse("1.5 days");
   ASSERT_TRUE(v);
   EXPECT_EQ(v->days, 1);
   EXPECT_EQ(v->micros, 12 * 3600 * second);
   v = interval::parse("1.5 seconds");
   ASSERT_TRUE(v);
   EXPECT_EQ(v->micros, 1'500'000);
}

TEST(Interval, Malformed) {
   for (std::string_view text : {"", "abc", "1 fortnight", "year", "1 year x"}) EXPECT_FALSE(interval::parse(text).has_value()) << text;
}

TEST(Interval, FormatLikePostgres) {
   // Each pair: SELECT '<input>'::interval prints <output> in PostgreSQL 15.
   EXPECT_EQ(roundTrip("1 year 2 months 3 days 04:05:06"), "1 year 2 mons 3 days 04:05:06");
   EXPECT_EQ(roundTrip("-1 days"), "-1 days");
   EXPECT_EQ(roundTrip("90 days"), "90 days");
   EXPECT_EQ(roundTrip("-2 hours"), "-02:00:00");
   EXPECT_EQ(roundTrip("1.5 months"), "1 mon 15 days");
   EXPECT_EQ(roundTrip("0"), "00:00:00");
   EXPECT_EQ(roundTrip("14 months"), "1 year 2 mons");
   EXPECT_EQ(roundTrip("1 day -00:00:01"), "1 day -00:00:01");
   EXPECT_EQ(roundTrip("1.5 seconds"), "00:00:01.5");
   EXPECT_EQ(roundTrip("3 weeks"), "21 days");
   EXPECT_EQ(roundTrip("1 mon"), "1 mon");
   EXPECT_EQ(roundTrip("-1 year -2 mons"), "-1 years -2 mons");
   EXPECT_EQ(roundTrip("1 year 1 day 00:00:00.25"), "1 year 1 day 00:00:00.25");
   EXPECT_EQ(roundTrip("1.5 days"), "1 day 12:00:00");
   EXPECT_EQ(roundTrip("36 hours"), "36:00:00");
}

TEST(Interval, FormatValues) {
   EXPECT_EQ(interval::format({}), "00:00:00");
   EXPECT_EQ(interval::format({0, 1, 0}), "1 day");
   EXPECT_EQ(interval::format({12, 0, 0}), "1 year");
   EXPECT_EQ(interval::format({25, 0, 0}), "2 years 1 mon");
   EXPECT_EQ(interval::format({0, 0, 1}), "00:00:00.000001");
   EXPECT_EQ(interval::format({0, 0, -(61 * second)}), "-00:01:01");
}
