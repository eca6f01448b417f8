// TIMESTAMPTZ and TIME through the embedded API: getTimestamp reads the instant, getString
// shows it in the zone the statement ran in, bind(Timestamp) binds the instant (rounded to the
// parameter's precision). (Durability: durability_test.cpp.)
#include <gtest/gtest.h>

#include "kiln/kiln.h"

namespace {

using namespace std::chrono;

// 2024-03-01 12:34:56.789 UTC
const kiln::Timestamp moment = kiln::Timestamp(sys_days(year(2024) / March / 1) + hours(12) + minutes(34) + seconds(56) + milliseconds(789));

TEST(TimestampTzApi, ResultsReadTheInstantAndShowItInTheSessionZone) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("SET TIME ZONE 'Europe/Berlin'");
   kiln::Result r = con.query("SELECT TIMESTAMPTZ '2024-03-01 13:34:56.789', TIME '12:00:00.5'");
   EXPECT_EQ(r.columnType(0), kiln::SqlType::timestampTz());
   EXPECT_EQ(r.columnType(1), kiln::SqlType::time());
   EXPECT_EQ(r.getTimestamp(0, 0), moment);
   EXPECT_EQ(r.getString(0, 1), "12:00:00.5");
   // A result keeps the zone its statement ran in.
   con.query("SET TIME ZONE 'UTC'");
   EXPECT_EQ(r.getString(0, 0), "2024-03-01 13:34:56.789+01");
   EXPECT_EQ(con.query("SELECT TIMESTAMPTZ '2024-03-01 13:34:56.789+01'").getString(0, 0), "2024-03-01 12:34:56.789+00");
   EXPECT_EQ(con.query("SHOW TIME ZONE").getString(0, 0), "UTC");
}

TEST(TimestampTzApi, BindsTheInstantRoundedToThePrecision) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("SET TIME ZONE '+05:30'");  // POSIX's sign: 5:30 west of Greenwich
   con.query("CREATE TABLE events (id INTEGER PRIMARY KEY, at TIMESTAMPTZ(1))");
   auto insert = con.prepare("INSERT INTO events VALUES ($1, $2)");
   EXPECT_EQ(insert.parameterType(2), kiln::SqlType::timestampTz(1));
   insert.bind(1, int64_t(1)).bind(2, moment).execute();
   insert.bind(1, int64_t(2)).bind(2, std::string("2024-03-01 12:34:56.75+00")).execute();
   kiln::Result r = con.query("SELECT at FROM events ORDER BY id");
   EXPECT_EQ(r.getTimestamp(0, 0), moment + milliseconds(11));
   EXPECT_EQ(r.getString(0, 0), "2024-03-01 07:04:56.8-05:30");
   EXPECT_EQ(r.getTimestamp(1, 0), moment + milliseconds(11));
   auto at = con.prepare("SELECT count(*) FROM events WHERE at = $1");
   EXPECT_EQ(at.bind(1, moment + milliseconds(11)).execute().getInt64(0, 0), 2);
}

TEST(TimestampTzApi, NowIsATimestamptzOfTheTransaction) {
   kiln::Database db;
   kiln::Connection con(db);
   auto before = time_point_cast<microseconds>(system_clock::now());
   con.query("SET TIME ZONE 'America/New_York'");
   kiln::Result r = con.query("SELECT now(), LOCALTIMESTAMP");
   EXPECT_EQ(r.columnType(0), kiln::SqlType::timestampTz());
   EXPECT_GE(r.getTimestamp(0, 0), before);
   // LOCALTIMESTAMP is the wall clock time in New York: four or five hours behind UTC.
   auto behind = r.getTimestamp(0, 0) - r.getTimestamp(0, 1);
   EXPECT_TRUE(behind == hours(4) || behind == hours(5));
}

}  // namespace
