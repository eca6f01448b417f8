// TIMESTAMP through the embedded API: Result::getTimestamp, a typed PreparedStatement::bind
// (and the text bind), infinities as Timestamp's ends, and now() fixed for a transaction. (Durability: durability_test.cpp.)
#include <gtest/gtest.h>

#include "kiln/kiln.h"

namespace {

using namespace std::chrono;

// 2024-03-01 12:34:56.789 UTC
const kiln::Timestamp moment = kiln::Timestamp(sys_days(year(2024) / March / 1) + hours(12) + minutes(34) + seconds(56) + milliseconds(789));

TEST(TimestampApi, ResultsReadTimestampsAndDates) {
   kiln::Database db;
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT TIMESTAMP '2024-03-01 12:34:56.789', DATE '1969-07-20', TIMESTAMP '1960-01-01 00:00:00.5', NULL::timestamp");
   EXPECT_EQ(r.columnType(0), kiln::SqlType::timestamp());
   EXPECT_EQ(r.getTimestamp(0, 0), moment);
   EXPECT_EQ(r.getTimestamp(0, 1), kiln::Timestamp(sys_days(year(1969) / July / 20)));
   EXPECT_EQ(r.getTimestamp(0, 2), kiln::Timestamp(sys_days(year(1960) / January / 1) + milliseconds(500)));
   EXPECT_TRUE(r.isNull(0, 3));
   EXPECT_EQ(r.getString(0, 0), "2024-03-01 12:34:56.789");
   EXPECT_THROW(con.query("SELECT 1").getTimestamp(0, 0), kiln::Error);
}

TEST(TimestampApi, BindsTimestampsTypedAndAsText) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE events (id INTEGER PRIMARY KEY, at TIMESTAMP)");
   auto insert = con.prepare("INSERT INTO events VALUES ($1, $2)");
   EXPECT_EQ(insert.parameterType(2), kiln::SqlType::timestamp());
   insert.bind(1, int64_t(1)).bind(2, moment).execute();
   insert.bind(1, int64_t(2)).bind(2, std::string("2024-03-01 12:34:56.789")).execute();
   insert.bind(1, int64_t(3)).bind(2, moment + hours(24)).execute();
   EXPECT_EQ(con.query("SELECT count(*) FROM events WHERE at = TIMESTAMP '2024-03-01 12:34:56.789'").getInt64(0, 0), 2);
   auto after = con.prepare("SELECT id FROM events WHERE at > $1 ORDER BY id");
   kiln::Result r = after.bind(1, moment).execute();
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getInt64(0, 0), 3);
   // A timestamp bound where text is expected goes in as its text.
   auto echo = con.prepare("SELECT length($1)");
   EXPECT_EQ(echo.bind(1, moment).execute().getInt64(0, 0), 23);
   try {
      insert.bind(1, int64_t(4)).bind(2, kiln::Timestamp(hours(24LL * 366 * 300'000))).execute();
      ADD_FAILURE() << "a timestamp out of range was accepted";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "22008");
   }
}

TEST(TimestampApi, InfinitiesAreTheEndsOfTimestamp) {
   kiln::Database db;
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT 'infinity'::timestamp, '-infinity'::timestamptz, 'infinity'::date, '294247-01-10 04:00:54.775807'::timestamp");
   EXPECT_EQ(r.getTimestamp(0, 0), kiln::Timestamp::max());
   EXPECT_EQ(r.getTimestamp(0, 1), kiln::Timestamp::min());
   EXPECT_EQ(r.getTimestamp(0, 2), kiln::Timestamp::max());
   EXPECT_EQ(r.getTimestamp(0, 3), kiln::Timestamp::max() - microseconds(0));
   // Past the last moment a Timestamp holds (it was a wrapped-around value).
   EXPECT_THROW(con.query("SELECT '294276-12-31'::timestamp").getTimestamp(0, 0), kiln::Error);
   EXPECT_THROW(con.query("SELECT '294277-01-01'::date").getTimestamp(0, 0), kiln::Error);
   con.query("CREATE TABLE events (id INTEGER PRIMARY KEY, at TIMESTAMP, tz TIMESTAMPTZ(0))");
   auto insert = con.prepare("INSERT INTO events VALUES ($1, $2, $3)");
   insert.bind(1, int64_t(1)).bind(2, kiln::Timestamp::max()).bind(3, kiln::Timestamp::min()).execute();
   r = con.query("SELECT at, tz, isfinite(at) FROM events");
   EXPECT_EQ(r.getString(0, 0), "infinity");
   EXPECT_EQ(r.getString(0, 1), "-infinity");
   EXPECT_EQ(r.getString(0, 2), "f");
   EXPECT_EQ(con.prepare("SELECT length($1)").bind(1, kiln::Timestamp::min()).execute().getInt64(0, 0), 9);
   try {
      // Before 1970 by more than int64 microseconds from 2000 can hold.
      insert.bind(1, int64_t(2)).bind(2, kiln::Timestamp::min() + microseconds(1)).execute();
      ADD_FAILURE() << "a timestamp out of range was accepted";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "22008");
   }
}

TEST(TimestampApi, NowIsTheSameThroughoutATransaction) {
   kiln::Database db;
   kiln::Connection con(db);
   auto before = time_point_cast<microseconds>(system_clock::now());
   kiln::Timestamp first = con.query("SELECT now()").getTimestamp(0, 0);
   EXPECT_GE(first, before);
   con.query("BEGIN");
   kiln::Timestamp inside = con.query("SELECT now()").getTimestamp(0, 0);
   auto prepared = con.prepare("SELECT CURRENT_TIMESTAMP");
   EXPECT_EQ(prepared.execute().getTimestamp(0, 0), inside);
   EXPECT_EQ(con.query("SELECT LOCALTIMESTAMP").getTimestamp(0, 0), inside);
   con.query("COMMIT");
   EXPECT_GE(prepared.execute().getTimestamp(0, 0), inside);
}

}  // namespace
