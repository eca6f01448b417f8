// Time zones: POSIX TZ rules, TZif files of the system's tz database, and the local-time
// resolution of gaps and overlaps as PostgreSQL does it.
#include <gtest/gtest.h>

#include "common/time_zone.h"
#include "common/timestamp.h"
#include "common/timestamp_tz.h"

namespace kiln {
namespace {

int64_t at(const char* text) { return timestamp::parse(text); }

TEST(TimeZone, PosixRulesFollowTheirDates) {
   auto rule = PosixZoneRule::parse("CET-1CEST,M3.5.0,M10.5.0/3");
   ASSERT_TRUE(rule);
   EXPECT_EQ(rule->standardOffset, 3600);
   EXPECT_EQ(rule->daylightOffset, 7200);
   TimeZone zone("CET", TimeZoneRules::ofRule(*rule));
   EXPECT_EQ(zone.offsetAt(at("2060-01-15 12:00")), 3600);
   EXPECT_EQ(zone.offsetAt(at("2060-07-15 12:00")), 7200);
   EXPECT_FALSE(PosixZoneRule::parse("CET-1CEST,M13.5.0,M10.5.0"));
   EXPECT_EQ(PosixZoneRule::parse("-05:30")->standardOffset, 5 * 3600 + 1800);  // POSIX's sign
}

TEST(TimeZone, TzdbZonesResolveGapsAndOverlapsAsPostgreSQL) {
   auto berlin = TimeZone::forSetting("europe/berlin");
   EXPECT_EQ(berlin->name(), "Europe/Berlin");
   // 02:30 does not exist on 2024-03-31: read with the offset before the gap (+01).
   EXPECT_EQ(timestamptz::format(berlin->toUtc(at("2024-03-31 02:30")), *berlin), "2024-03-31 03:30:00+02");
   // 02:30 happens twice on 2024-10-27: the later one (+01).
   EXPECT_EQ(timestamptz::format(berlin->toUtc(at("2024-10-27 02:30")), *berlin), "2024-10-27 02:30:00+01");
   EXPECT_EQ(berlin->offsetAt(at("1890-01-01 00:00")), 3208);  // local mean time
   EXPECT_THROW(TimeZone::forSetting("Nowhere/Bad"), Error);
   EXPECT_THROW(TimeZone::forSetting("../../etc/passwd"), Error);
}

TEST(TimeZone, SettingsReadNumbersWithSqlSigns) {
   EXPECT_EQ(TimeZone::forSetting("+02")->offsetAt(0), 7200);
   EXPECT_EQ(TimeZone::forSetting("+02")->name(), "<+02>-02");
   EXPECT_EQ(TimeZone::forSetting("UTC+3")->offsetAt(0), -3 * 3600);
   EXPECT_EQ(TimeZone::ofOffset(-(5 * 3600 + 1800))->name(), "<-05:30>+05:30");
}

}  // namespace
}  // namespace kiln
