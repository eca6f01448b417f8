// A statement on a snapshot gives what it gives in the writer's turn: the same rows, column names
// and types (NULLs, strings past 12 bytes, NUMERIC, timestamptz in the session's time zone,
// arrays, intervals), and the same errors with the same positions, in characters, also for the
// second statement of a multi-statement text and for prepared statements.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "snapshot_processes.h"

namespace {

using kiln::snapshot_test::sqlstateOf;

/// Everything a Result says about its rows, as text.
std::string describe(const kiln::Result& r) {
   std::string text = r.statusTag() + "\n";
   for (size_t c = 0; c < r.columnCount(); ++c) text += r.columnName(c) + " " + r.columnType(c).toString() + (c + 1 < r.columnCount() ? " | " : "\n");
   for (size_t row = 0; row < r.rowCount(); ++row) {
      for (size_t c = 0; c < r.columnCount(); ++c) {
         text += r.isNull(row, c) ? "NULL" : "'" + r.getString(row, c) + "'";
         kiln::SqlType type = r.columnType(c);
         if (!r.isNull(row, c)) {
            // The typed getters too.
            if (type.id == kiln::TypeId::TimestampTz || type.id == kiln::TypeId::Timestamp)
               text += "@" + std::to_string(r.getTimestamp(row, c).time_since_epoch().count());
            if (type.id == kiln::TypeId::Interval) {
               kiln::Interval i = r.getInterval(row, c);
               text += "@" + std::to_string(i.months) + "," + std::to_string(i.days) + "," + std::to_string(i.micros);
            }
            if (type.isInteger()) text += "@" + std::to_string(r.getInt64(row, c));
         }
         text += c + 1 < r.columnCount() ? " | " : "\n";
      }
   }
   return text;
}

class SnapshotResults : public testing::Test {
   protected:
   void SetUp() override {
      kiln::Connection setup(db_);
      setup.query(
         "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, label VARCHAR(40), code CHAR(5), price NUMERIC(12,2), "
         "exact NUMERIC, at TIMESTAMPTZ, stamp TIMESTAMP, span INTERVAL, tags TEXT[], scores INTEGER[], day DATE, ok BOOLEAN, ratio DOUBLE PRECISION)");
      setup.query(
         "INSERT INTO items VALUES "
         "(1, 'short', 'a label that is longer than twelve bytes', 'ab', 12.30, 123456789012345678901234567890.123456789, "
         "'2024-03-10 01:30:00+00', '2024-03-10 01:30:00', '1 year 2 mons 3 days 04:05:06.789', '{\"a\",\"b c\",NULL}', '{1,2,NULL}', '2024-02-29', true, "
         "0.1), "
         "(2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), "
         "(3, 'ünïcödé strings past twelve bytes', 'ä', 'xyz', -0.05, -1e-20, '1999-12-31 23:59:59.999999-08', 'infinity', '-3 days -00:00:01', '{}', '{}', "
         "'1970-01-01', false, 'NaN'), "
         "(4, '', '', '', 0, 0, '-infinity', '2000-01-01', '0', '{\"\"}', '{-2147483648}', 'infinity', NULL, -0.0)");
   }
   /// `sql` run with snapshot_reads off and on gives the same description; on is on a snapshot.
   void expectSame(const std::string& sql, const std::string& before = "") {
      SCOPED_TRACE(sql);
      kiln::Connection off(db_), on(db_);
      off.query("SET snapshot_reads = off");
      on.query("SET snapshot_reads = on");
      if (!before.empty()) {
         off.query(before);
         on.query(before);
      }
      kiln::Result inTurn = off.query(sql), onSnapshot = on.query(sql);
      EXPECT_FALSE(inTurn.stats().onSnapshot);
      EXPECT_TRUE(onSnapshot.stats().onSnapshot);
      EXPECT_EQ(describe(onSnapshot), describe(inTurn));
      EXPECT_EQ(onSnapshot.rowsAffected(), inTurn.rowsAffected());
      // A prepared statement too.
      auto preparedOff = off.prepare(sql), preparedOn = on.prepare(sql);
      kiln::Result preparedInTurn = preparedOff.execute(), preparedOnSnapshot = preparedOn.execute();
      EXPECT_TRUE(preparedOnSnapshot.stats().onSnapshot);
      EXPECT_EQ(describe(preparedOnSnapshot), describe(preparedInTurn));
      EXPECT_EQ(describe(preparedOnSnapshot), describe(inTurn));
   }
   kiln::Database db_;
};

TEST_F(SnapshotResults, RowsAndTypesAreTheSameOnASnapshot) {
   expectSame("SELECT * FROM items ORDER BY id");
   expectSame("SELECT * FROM items ORDER BY id", "SET TIME ZONE 'America/New_York'");
   expectSame("SELECT id, at, at AT TIME ZONE 'Asia/Kolkata', date_trunc('day', at), at + span FROM items ORDER BY id", "SET TIME ZONE 'Australia/Adelaide'");
   expectSame("SELECT id, name || '!' AS shout, upper(label), length(name), code || '|', tags[2], array_length(scores, 1), scores || 7 FROM items ORDER BY id");
   expectSame(
      "SELECT sum(price), avg(price), sum(exact), max(exact), min(name), max(label), string_agg(name, ', ' ORDER BY id), array_agg(id ORDER BY id) FROM items");
   expectSame("SELECT exact * exact, price / 3, round(exact, 3), exact::text, price::NUMERIC(20,5) FROM items ORDER BY id");
   expectSame("SELECT span, span * 2, justify_interval(span), -span, stamp - span, day + 1 FROM items ORDER BY id");
   expectSame("SELECT NULL AS nothing, NULL::INTEGER, ARRAY[NULL, 'x'], CAST(NULL AS NUMERIC), ratio, ok FROM items ORDER BY id");
   expectSame("SELECT g, repeat('long text ', g % 4) FROM generate_series(1, 2000) AS s(g) WHERE g % 3 = 0 ORDER BY g");
   expectSame("SELECT now() = now(), current_setting('TimeZone'), to_char(at, 'YYYY-MM-DD HH24:MI:SS TZ') FROM items ORDER BY id",
              "SET TIME ZONE 'Europe/Berlin'");
}

TEST_F(SnapshotResults, CurrentSettingIsTheSessionsOnASnapshot) {
   // current_setting() reads the connection's settings, wherever the statement runs.
   const std::string settings =
      "SET lock_timeout = '5s'; SET statement_timeout = '7min'; SET synchronous_commit = off; SET snapshot_min_rows = 12345; "
      "SET snapshot_max_age = '2s'; SET default_transaction_read_only = on; SET TIME ZONE 'Europe/Lisbon'; SET application_name = 'snaps'";
   const std::string sql =
      "SELECT current_setting('lock_timeout'), current_setting('statement_timeout'), current_setting('synchronous_commit'), "
      "current_setting('snapshot_min_rows'), current_setting('snapshot_max_age'), current_setting('default_transaction_read_only'), "
      "current_setting('TimeZone'), current_setting('application_name')";
   expectSame(sql, settings);
   kiln::Connection off(db_), on(db_);
   off.query("SET snapshot_reads = off");
   on.query("SET snapshot_reads = on");
   EXPECT_EQ(describe(on.query("SELECT current_setting('snapshot_reads')")), describe(off.query("SELECT 'on' AS current_setting")));
   // In a READ ONLY block, transaction_read_only is on.
   on.query("BEGIN READ ONLY");
   EXPECT_EQ(on.query("SHOW transaction_read_only").getString(0, 0), "on");
   EXPECT_EQ(on.query("SELECT current_setting('transaction_read_only')").getString(0, 0), "on");
   on.query("COMMIT");
}

TEST_F(SnapshotResults, ExplainIsTheSameOnASnapshotButForWhereItRuns) {
   kiln::Connection off(db_), on(db_);
   off.query("SET snapshot_reads = off");
   on.query("SET snapshot_reads = on");
   const std::string sql = "EXPLAIN SELECT id, count(*) FROM items WHERE id > 2 GROUP BY id ORDER BY id";
   kiln::Result inTurn = off.query(sql), onSnapshot = on.query(sql);
   EXPECT_TRUE(onSnapshot.stats().onSnapshot);
   auto plan = [](const kiln::Result& r, std::string& runsOn) {
      std::string text;
      for (size_t row = 0; row < r.rowCount(); ++row) {
         std::string line = r.getString(row, 0);
         if (line.find("Compile time:") != std::string::npos) continue;  // differs from run to run
         if (line.rfind(" Runs on: ", 0) == 0 || line.rfind("Runs on: ", 0) == 0) {
            runsOn = line;
            continue;
         }
         text += line + "\n";
      }
      return text;
   };
   std::string offRunsOn, onRunsOn;
   EXPECT_EQ(plan(onSnapshot, onRunsOn), plan(inTurn, offRunsOn));
   EXPECT_EQ(offRunsOn, "Runs on: the writer's turn (snapshot_reads is off)");
   EXPECT_EQ(onRunsOn.rfind("Runs on: a snapshot (made in ", 0), 0u) << onRunsOn;
}

TEST_F(SnapshotResults, ErrorsHaveTheSamePositionsOnASnapshot) {
   struct Case {
      const char* sql;
      const char* sqlstate;
      int position;  // in characters; 0 for errors found while the statement runs
   };
   // Errors in the second (or later) statement; characters past ASCII before them, so that
   // byte and character offsets differ.
   const Case cases[] = {
      {"SELECT 'ünïcödé'; SELECT nosuch FROM items", "42703", 26},
      {"SELECT 'ünïcödé'; SELECT 1;\n  SELECT id FROM nosuch", "42P01", 46},
      {"SELECT 'ä'; SELECT id + 'ö' FROM items", "22P02", 25},
      {"SELECT 1; SELECT 'ü', id / 0 FROM items", "22012", 0},
      {"SELECT 'ä'; SELECT CAST(name AS INTEGER) FROM items WHERE id = 1", "22P02", 0},
      {"SELECT 1; SELECT 'é' || (SELECT id FROM items)", "21000", 0},
      {"SELECT 'ß'; SELECT 2147483647 + id FROM items", "22003", 0},
      {"SELECT 'ß'; SELECT 1 FROM items GROUP BY id HAVING name = 'x'", "42803", 52},
   };
   for (const Case& c : cases) {
      SCOPED_TRACE(c.sql);
      kiln::Connection off(db_), on(db_);
      off.query("SET snapshot_reads = off");
      on.query("SET snapshot_reads = on");
      std::string offMessage, onMessage;
      int offPosition = -1, onPosition = -1;
      EXPECT_EQ(sqlstateOf([&] { off.queryAll(c.sql); }, &offMessage, &offPosition), c.sqlstate) << offMessage;
      EXPECT_EQ(sqlstateOf([&] { on.queryAll(c.sql); }, &onMessage, &onPosition), c.sqlstate) << onMessage;
      EXPECT_EQ(onMessage, offMessage);
      EXPECT_EQ(offPosition, c.position);
      EXPECT_EQ(onPosition, offPosition);
   }
}

TEST_F(SnapshotResults, PreparedStatementErrorsHaveTheSamePositionsOnASnapshot) {
   const char* cases[] = {
      "SELECT 'ünïcödé', id / $1 FROM items",
      "SELECT 'ö' || name, 2147483647 + $1 + id FROM items ORDER BY id",
   };
   for (const char* sql : cases) {
      SCOPED_TRACE(sql);
      kiln::Connection off(db_), on(db_);
      off.query("SET snapshot_reads = off");
      on.query("SET snapshot_reads = on");
      auto preparedOff = off.prepare(sql), preparedOn = on.prepare(sql);
      std::string offMessage, onMessage;
      int offPosition = -1, onPosition = -1;
      std::string offState = sqlstateOf([&] { preparedOff.bind(1, int64_t(0)).execute(); }, &offMessage, &offPosition);
      std::string onState = sqlstateOf([&] { preparedOn.bind(1, int64_t(0)).execute(); }, &onMessage, &onPosition);
      EXPECT_NE(offState, "") << "no error";
      EXPECT_EQ(onState, offState);
      EXPECT_EQ(onMessage, offMessage);
      EXPECT_EQ(onPosition, offPosition);
   }
}

TEST_F(SnapshotResults, APreparedStatementBoundAgainOnASnapshotHasTheSameErrorPosition) {
   // What a prepared statement reads changed since it was prepared: it is bound again where it
   // runs, and fails there, with the position of what is missing.
   kiln::Connection off(db_), on(db_), ddl(db_);
   off.query("SET snapshot_reads = off");
   on.query("SET snapshot_reads = on");
   ddl.query("CREATE TABLE changing (a INTEGER, b TEXT)");
   ddl.query("INSERT INTO changing VALUES (1, 'x')");
   const std::string sql = "SELECT 'ünïcödé', a, b FROM changing WHERE a = $1";
   auto preparedOff = off.prepare(sql), preparedOn = on.prepare(sql);
   EXPECT_EQ(preparedOn.bind(1, int64_t(1)).execute().getString(0, 2), "x");
   ddl.query("ALTER TABLE changing DROP COLUMN b");
   std::string offMessage, onMessage;
   int offPosition = -1, onPosition = -1;
   EXPECT_EQ(sqlstateOf([&] { preparedOff.bind(1, int64_t(1)).execute(); }, &offMessage, &offPosition), "42703") << offMessage;
   EXPECT_EQ(sqlstateOf([&] { preparedOn.bind(1, int64_t(1)).execute(); }, &onMessage, &onPosition), "42703") << onMessage;
   EXPECT_EQ(onMessage, offMessage);
   EXPECT_EQ(offPosition, 22);  // b, in characters
   EXPECT_EQ(onPosition, offPosition);
}

}  // namespace
