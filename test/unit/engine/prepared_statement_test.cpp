// Prepared statements through the embedded API: parameters typed by their context, values bound
// as text or numbers, machine code reused across runs, and compiled again when needed.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

namespace {

struct PreparedTest : ::testing::Test {
   kiln::Database db;
   kiln::Connection con{db};
   void SetUp() override { con.query("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c DECIMAL(10,2))"); }
};

TEST_F(PreparedTest, TimingCanBeTurnedOff) {
   con.setTiming(false);
   auto lookup = con.prepare("SELECT b FROM t WHERE a = $1");
   kiln::Result first = lookup.bind(1, int64_t(1)).execute();
   EXPECT_GT(first.stats().compileMs, 0);
   kiln::Result again = lookup.bind(1, int64_t(2)).execute();
   EXPECT_EQ(again.stats().executeMs, 0);
   EXPECT_EQ(again.stats().totalMs, 0);
   EXPECT_EQ(con.query("SELECT 1").stats().totalMs, 0);
   con.setTiming(true);
   EXPECT_GT(lookup.bind(1, int64_t(3)).execute().stats().totalMs, 0);
}

TEST_F(PreparedTest, ParametersTakeTheirContextsTypes) {
   auto insert = con.prepare("INSERT INTO t VALUES ($1, $2, $3)");
   ASSERT_EQ(insert.parameterCount(), 3u);
   EXPECT_EQ(insert.parameterType(1), kiln::SqlType::integer());
   EXPECT_EQ(insert.parameterType(2), kiln::SqlType::text());
   EXPECT_EQ(insert.parameterType(3), kiln::SqlType::decimal(10, 2));
   auto select = con.prepare("SELECT b FROM t WHERE a = $1 AND c > $2");
   EXPECT_EQ(select.parameterType(1), kiln::SqlType::integer());
   // Compared with, or in arithmetic with, NUMERIC(10,2), a parameter is NUMERIC without modifiers,
   // as in PostgreSQL; assigned to it, the column's type.
   EXPECT_EQ(select.parameterType(2), kiln::SqlType::numeric());
   EXPECT_EQ(con.prepare("SELECT c + $1 FROM t").parameterType(1), kiln::SqlType::numeric());
}

TEST_F(PreparedTest, AnArrayParameterIsBoundAsItsText) {
   con.query("INSERT INTO t VALUES (1, 'one', 1), (2, 'two', 2), (3, 'three', 3)");
   auto select = con.prepare("SELECT b FROM t WHERE a = ANY($1) ORDER BY a");
   EXPECT_EQ(select.parameterType(1), kiln::SqlType::array(kiln::SqlType::integer()));
   kiln::Result r = select.bind(1, std::string("{3, 1}")).execute();
   ASSERT_EQ(r.rowCount(), 2u);
   EXPECT_EQ(r.getString(0, 0), "one");
   EXPECT_EQ(r.getString(1, 0), "three");
   EXPECT_EQ(select.bind(1, std::string("{}")).execute().rowCount(), 0u);
   EXPECT_THROW(select.bind(1, std::string("{1,x}")).execute(), kiln::Error);
}

TEST_F(PreparedTest, RunsManyTimesFromTheSameMachineCode) {
   auto insert = con.prepare("INSERT INTO t VALUES ($1, $2, $3)");
   for (int64_t i = 1; i <= 100; ++i) {
      kiln::Result r = insert.bind(1, i).bind(2, "row " + std::to_string(i)).bind(3, double(i) / 4).execute();
      EXPECT_EQ(r.rowsAffected(), 1u);
      if (i > 1) {
         EXPECT_EQ(r.stats().compileMs, 0) << "run " << i << " compiled again";
      }
   }
   auto lookup = con.prepare("SELECT b, c FROM t WHERE a = $1");
   kiln::Result r = lookup.bind(1, int64_t(42)).execute();
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getString(0, 0), "row 42");
   EXPECT_EQ(r.getString(0, 1), "10.50");
   r = lookup.bind(1, "7").execute();
   EXPECT_EQ(r.getString(0, 0), "row 7");
   EXPECT_EQ(r.stats().compileMs, 0);
   r = lookup.bindNull(1).execute();
   EXPECT_EQ(r.rowCount(), 0u);
}

// A run refills the memory of the previous run's result only once the caller let go of it.
TEST_F(PreparedTest, ResultsHeldStayIntactWhenRunsReuseMemory) {
   con.query("INSERT INTO t SELECT g, 'a string longer than a short one, ' || g, g FROM generate_series(1, 50) g");
   auto lookup = con.prepare("SELECT a, b FROM t WHERE a <= $1 ORDER BY a");
   std::vector<kiln::Result> held;
   for (int64_t n = 1; n <= 20; ++n) {
      {
         kiln::Result dropped = lookup.bind(1, n % 5 + 1).execute();
         EXPECT_EQ(dropped.rowCount(), size_t(n % 5 + 1));
      }  // let go: the next run refills its memory
      held.push_back(lookup.bind(1, n).execute());
   }
   for (size_t i = 0; i < held.size(); ++i) {
      ASSERT_EQ(held[i].rowCount(), i + 1);
      for (size_t row = 0; row <= i; ++row) {
         EXPECT_EQ(held[i].getInt64(row, 0), int64_t(row + 1));
         EXPECT_EQ(held[i].getString(row, 1), "a string longer than a short one, " + std::to_string(row + 1));
      }
   }
   auto update = con.prepare("UPDATE t SET c = c + 1 WHERE a <= $1");
   for (int64_t n = 1; n <= 3; ++n) EXPECT_EQ(update.bind(1, n).execute().rowsAffected(), uint64_t(n));
   EXPECT_EQ(update.bind(1, int64_t(0)).execute().statusTag(), "UPDATE 0");
}

TEST_F(PreparedTest, ModificationsReturnRows) {
   auto insert = con.prepare("INSERT INTO t VALUES ($1, $2, $3) RETURNING a * 10, b");
   for (int64_t i = 1; i <= 20; ++i) {
      kiln::Result r = insert.bind(1, i).bind(2, "row number " + std::to_string(i) + " of twenty").bind(3, "1.5").execute();
      ASSERT_EQ(r.rowCount(), 1u);
      EXPECT_EQ(r.getInt64(0, 0), i * 10);
      EXPECT_EQ(r.getString(0, 1), "row number " + std::to_string(i) + " of twenty");
      EXPECT_EQ(r.rowsAffected(), 1u);
   }
   auto update = con.prepare("UPDATE t SET c = c + $1 WHERE a > $2 RETURNING a, c");
   kiln::Result updated = update.bind(1, "1").bind(2, int64_t(18)).execute();
   ASSERT_EQ(updated.rowCount(), 2u);
   EXPECT_EQ(updated.getString(0, 1), "2.50");
   auto remove = con.prepare("DELETE FROM t WHERE a = $1 RETURNING b");
   EXPECT_EQ(remove.bind(1, int64_t(7)).execute().getString(0, 0), "row number 7 of twenty");
   EXPECT_EQ(remove.bind(1, int64_t(7)).execute().rowCount(), 0u);
}
TEST_F(PreparedTest, ErrorsOfBoundValuesAndConstraints) {
   auto insert = con.prepare("INSERT INTO t VALUES ($1, $2, $3)");
   EXPECT_THROW(insert.bind(1, "not a number"), kiln::Error);
   insert.bind(1, int64_t(1)).bind(2, "x").bind(3, "1.00").execute();
   try {
      insert.execute();
      FAIL() << "duplicate key accepted";
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), "23505");
   }
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 1);
   // The run after a failed one starts from a clean state.
   kiln::Result again = insert.bind(1, int64_t(2)).execute();
   EXPECT_EQ(again.rowsAffected(), 1u);
   EXPECT_EQ(con.query("SELECT count(*), sum(a) FROM t").getInt64(0, 1), 3);
}

TEST_F(PreparedTest, IntegersAreBoundInTheirParametersRange) {
   auto select = con.prepare("SELECT CAST($1 AS smallint), CAST($2 AS integer), CAST($3 AS bigint), CAST($4 AS numeric(6,1)), CAST($5 AS text)");
   auto sqlstate = [](auto&& action) {
      try {
         action();
      } catch (const kiln::Error& e) {
         return e.sqlstate();
      }
      return std::string("none");
   };
   select.bind(1, int64_t(-32768)).bind(2, int64_t(2147483647)).bind(3, INT64_MIN).bind(4, int64_t(12345)).bind(5, int64_t(-7));
   EXPECT_EQ(sqlstate([&] { select.bind(1, int64_t(32768)); }), "22003");
   EXPECT_EQ(sqlstate([&] { select.bind(2, int64_t(-2147483649)); }), "22003");
   EXPECT_EQ(sqlstate([&] { select.bind(4, int64_t(123456)); }), "22003");  // through text: 123456.0 needs 7 digits
   EXPECT_EQ(sqlstate([&] { select.bind(6, int64_t(1)); }), "42P02");
   EXPECT_EQ(sqlstate([&] { select.bind(0, int64_t(1)); }), "42P02");
   // A value out of range leaves the one bound before.
   kiln::Result r = select.execute();
   EXPECT_EQ(r.getInt64(0, 0), -32768);
   EXPECT_EQ(r.getInt64(0, 1), 2147483647);
   EXPECT_EQ(r.getInt64(0, 2), INT64_MIN);
   EXPECT_EQ(r.getString(0, 3), "12345.0");
   EXPECT_EQ(r.getString(0, 4), "-7");
}

TEST_F(PreparedTest, DecimalsAndStringsAreBoundWithoutText) {
   con.query("CREATE TABLE s (k INTEGER PRIMARY KEY, v VARCHAR(3), f CHAR(4))");
   auto insert = con.prepare("INSERT INTO t VALUES ($1, $2, $3)");
   std::string_view name = "seven or so";
   insert.bind(1, int64_t(7)).bind(2, name.substr(0, 5)).bindDecimal(3, 12345, 2).execute();
   insert.bind(1, int64_t(8)).bind(2, "eight").bindDecimal(3, -1005, 3).execute();  // -1.005 rounds away from zero
   insert.bind(1, int64_t(9)).bind(2, "nine").bindDecimal(3, 42, 0).execute();
   kiln::Result r = con.query("SELECT a, b, c FROM t ORDER BY a");
   ASSERT_EQ(r.rowCount(), 3u);
   EXPECT_EQ(r.getString(0, 1), "seven");
   EXPECT_EQ(r.getString(0, 2), "123.45");
   EXPECT_EQ(r.getString(1, 2), "-1.01");
   EXPECT_EQ(r.getString(2, 2), "42.00");
   try {
      insert.bind(1, int64_t(10)).bindDecimal(3, int64_t(1) << 40, 0);  // 12 digits for DECIMAL(10,2)
      FAIL() << "overflow accepted";
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), "22003");
   }
   // A parameter of another type gets the decimal's text; strings are checked against their type.
   auto byKey = con.prepare("SELECT b FROM t WHERE a = $1");
   EXPECT_THROW(byKey.bindDecimal(1, 700, 2), kiln::Error);  // "7.00" is no integer's text
   auto byDouble = con.prepare("SELECT b FROM t WHERE CAST(a AS double precision) = $1");
   EXPECT_EQ(byDouble.bindDecimal(1, 700, 2).execute().getString(0, 0), "seven");
   auto put = con.prepare("INSERT INTO s VALUES ($1, $2, $3)");
   EXPECT_THROW(put.bind(1, int64_t(1)).bind(2, "long").bind(3, "ab"), kiln::Error);
   put.bind(2, "abc ").bind(3, "ab").execute();  // trailing blanks beyond the length go, as in PostgreSQL
   // A value that fails to bind leaves the one bound before.
   put.bind(1, int64_t(2)).bind(2, "old").bind(3, "cd");
   EXPECT_THROW(put.bind(2, "long"), kiln::Error);
   put.execute();
   kiln::Result s = con.query("SELECT v, f || '|', octet_length(v) FROM s ORDER BY k");
   ASSERT_EQ(s.rowCount(), 2u);
   EXPECT_EQ(s.getString(0, 0), "abc");
   EXPECT_EQ(s.getString(0, 1), "ab|");
   EXPECT_EQ(s.getInt64(0, 2), 3);
   EXPECT_EQ(s.getString(1, 0), "old");
}

TEST_F(PreparedTest, TextBoundToATimestamptzIsReadInTheSessionsZone) {
   con.query("CREATE TABLE moments (id INTEGER, at TIMESTAMPTZ)");
   con.query("INSERT INTO moments VALUES (1, '2024-01-01 17:00:00+00'), (2, '2024-01-01 12:00:00+00')");
   con.query("SET TIME ZONE 'America/New_York'");
   auto at = con.prepare("SELECT id FROM moments WHERE at = $1");
   EXPECT_EQ(at.parameterType(1), kiln::SqlType::timestampTz());
   kiln::Result r = at.bind(1, "2024-01-01 12:00:00").execute();  // noon in New York: 17:00 UTC
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getInt64(0, 0), 1);
   con.query("SET TIME ZONE 'UTC'");
   r = at.bind(1, "2024-01-01 12:00:00").execute();
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getInt64(0, 0), 2);
}

TEST_F(PreparedTest, CompiledAgainAfterDeletionsAndDdl) {
   con.query("INSERT INTO t VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3)");
   auto count = con.prepare("SELECT count(*) FROM t WHERE c >= $1");
   EXPECT_EQ(count.bind(1, int64_t(1)).execute().getInt64(0, 0), 3);
   // The first deleted row changes the scan's code: the next run must skip deleted rows.
   con.query("DELETE FROM t WHERE a = 2");
   kiln::Result r = count.bind(1, int64_t(1)).execute();
   EXPECT_EQ(r.getInt64(0, 0), 2);
   EXPECT_GT(r.stats().compileMs, 0);
   // A dropped and recreated table: bound again against the new one.
   con.query("DROP TABLE t; CREATE TABLE t (a INTEGER, b TEXT, c DECIMAL(10,2)); INSERT INTO t VALUES (9, 'z', 5)");
   EXPECT_EQ(count.bind(1, int64_t(1)).execute().getInt64(0, 0), 1);
}

TEST_F(PreparedTest, ValuesBoundBeforeDdlAreKeptInTheParametersNewTypes) {
   con.query("INSERT INTO t VALUES (1, 'a long string, longer than twelve bytes', 1.25)");
   auto set = con.prepare("UPDATE t SET c = $1 WHERE b = $2 RETURNING a, c");
   set.bindDecimal(1, 375, 2).bind(2, std::string("a long string, longer than twelve bytes"));
   kiln::Result r = set.execute();
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getString(0, 1), "3.75");
   // $1 becomes NUMERIC(12,3) when the statement is bound again: the value bound before stays.
   con.query("ALTER TABLE t ALTER COLUMN c TYPE DECIMAL(12,3)");
   r = set.execute();
   EXPECT_EQ(set.parameterType(1), kiln::SqlType::decimal(12, 3));
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getInt64(0, 0), 1);
   EXPECT_EQ(r.getString(0, 1), "3.750");
   // A NULL stays NULL, and a string bound again replaces the long one.
   r = set.bindNull(1).execute();
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_TRUE(r.isNull(0, 1));
   EXPECT_EQ(set.bindDecimal(1, 1250, 3).bind(2, std::string("short")).execute().rowCount(), 0u);
   con.query("UPDATE t SET b = 'short'");
   r = set.execute();
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getString(0, 1), "1.250");
}

TEST_F(PreparedTest, CompiledOnceMoreWithOptimizedCodeAfterManyRuns) {
   con.query("INSERT INTO t SELECT i, 'v' || i, i / 4.0 FROM generate_series(1, 100) i");
   auto lookup = con.prepare("SELECT b, c * 2 FROM t WHERE a = $1");
   std::vector<int> compiledAt;
   for (int run = 1; run <= 1100; ++run) {
      int64_t key = run % 100 + 1;
      kiln::Result r = lookup.bind(1, key).execute();
      if (r.stats().compileMs > 0) compiledAt.push_back(run);
      ASSERT_EQ(r.rowCount(), 1u);
      ASSERT_EQ(r.getString(0, 0), "v" + std::to_string(key));
      ASSERT_EQ(r.getString(0, 1), (key * 2 % 4 == 0 ? std::to_string(key / 2) + ".00" : std::to_string(key / 2) + ".50"));
   }
   // Compiled at its first run, and again (optimized) once that code has run a thousand times.
   EXPECT_EQ(compiledAt, (std::vector<int>{1, 1001}));
}

TEST_F(PreparedTest, RollbackKeepsMachineCodeUnlessItUndidDdl) {
   auto insert = con.prepare("INSERT INTO t VALUES ($1, 'x', 1)");
   auto lookup = con.prepare("SELECT count(*) FROM t WHERE a = $1");
   insert.bind(1, int64_t(1)).execute();
   EXPECT_EQ(lookup.bind(1, int64_t(1)).execute().getInt64(0, 0), 1);
   // A rolled-back data change leaves the compiled statements as they are.
   con.query("BEGIN");
   insert.bind(1, int64_t(2)).execute();
   con.query("UPDATE t SET b = 'y' WHERE a = 1");
   con.query("ROLLBACK");
   kiln::Result r = lookup.bind(1, int64_t(2)).execute();
   EXPECT_EQ(r.getInt64(0, 0), 0);
   EXPECT_EQ(r.stats().compileMs, 0);
   r = insert.bind(1, int64_t(2)).execute();
   EXPECT_EQ(r.stats().compileMs, 0);
   // A failed statement's undone appends too (the duplicate key fails after nothing else changed).
   EXPECT_THROW(insert.bind(1, int64_t(2)).execute(), kiln::Error);
   EXPECT_EQ(lookup.bind(1, int64_t(2)).execute().stats().compileMs, 0);
   // A rolled-back index creation: the statements are bound again, without the index.
   con.query("BEGIN");
   con.query("CREATE INDEX t_b ON t (b)");
   auto byB = con.prepare("SELECT a FROM t WHERE b = $1 ORDER BY a");
   EXPECT_EQ(byB.bind(1, "x").execute().rowCount(), 2u);
   con.query("ROLLBACK");
   r = byB.bind(1, "x").execute();
   EXPECT_EQ(r.rowCount(), 2u);
   EXPECT_GT(r.stats().compileMs, 0);
}

TEST_F(PreparedTest, SqlPrepareExecuteDeallocate) {
   con.query("PREPARE ins (int, text) AS INSERT INTO t (a, b) VALUES ($1, $2)");
   con.query("EXECUTE ins(1, 'one'); EXECUTE ins(2, 'two')");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 2);
   try {
      con.query("EXECUTE ins(1)");
      FAIL();
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), "42601");
   }
   con.query("DEALLOCATE ins");
   try {
      con.query("EXECUTE ins(3, 'three')");
      FAIL();
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), "26000");
   }
}

}  // namespace

TEST_F(PreparedTest, RunAfterItsTableWasDroppedFailsCleanly) {
   // The plan's table is freed once the DROP commits: the statement is bound again (42P01), and
   // is usable again once a table of that name exists.
   con.query("INSERT INTO t VALUES (1, 'one', 1.00)");
   con.query("CREATE TABLE filler (x INTEGER)");
   auto scan = con.prepare("SELECT b FROM t WHERE c > $1");
   EXPECT_EQ(scan.bind(1, "0").execute().getString(0, 0), "one");
   con.query("DROP TABLE t");
   for (int i = 0; i < 3; ++i) con.query("INSERT INTO filler VALUES (1)");  // reuses the freed memory, likely
   try {
      scan.bind(1, "0").execute();
      FAIL() << "expected 42P01";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "42P01");
   }
   con.query("CREATE TABLE t (a INTEGER, b TEXT, c DECIMAL(10,2))");
   con.query("INSERT INTO t VALUES (2, 'two', 2.00)");
   EXPECT_EQ(scan.bind(1, "0").execute().getString(0, 0), "two");
}

TEST_F(PreparedTest, ColumnNamesFollowARenamedColumn) {
   // A run's result is reused by the next run, names and all: a statement bound again after a
   // rename must not keep the old names.
   con.query("INSERT INTO t VALUES (1, 'x', 2.5)");
   auto select = con.prepare("SELECT * FROM t");
   auto update = con.prepare("UPDATE t SET c = c + 1 RETURNING *");
   for (int run = 0; run < 2; ++run) {
      EXPECT_EQ(select.execute().columnName(0), "a");
      EXPECT_EQ(update.execute().columnName(0), "a");
   }
   con.query("ALTER TABLE t RENAME COLUMN a TO renamed");
   kiln::Result selected = select.execute(), updated = update.execute();
   EXPECT_EQ(selected.columnName(0), "renamed");
   EXPECT_EQ(updated.columnName(0), "renamed");
   EXPECT_EQ(selected.columnType(2), kiln::SqlType::decimal(10, 2));
   EXPECT_EQ(updated.getString(0, 2), "5.50");
}
