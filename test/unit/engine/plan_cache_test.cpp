// The plan cache behind Connection::query: the same text, or the same statement with other
// literals, runs the machine code compiled for the first; what changes a plan's meaning makes it
// compile again. Each cached run is compared with the same text on a connection whose cache is
// off (plan_cache_memory = 0): the same rows, the same column types, the same errors at the same
// positions.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "kiln/kiln.h"
#include "result_lines.h"

using namespace kiln;

namespace {

/// A statement's outcome as text: its column types and rows, or its error with its position.
std::string outcome(Connection& con, const std::string& sql) {
   try {
      Result r = con.query(sql);
      std::string text = r.statusTag() + "\n";
      for (size_t c = 0; c < r.columnCount(); ++c) text += r.columnType(c).toString() + " ";
      text += "\n";
      for (size_t row = 0; row < r.rowCount(); ++row) {
         for (size_t c = 0; c < r.columnCount(); ++c) text += (r.isNull(row, c) ? "NULL" : r.getString(row, c)) + "|";
         text += "\n";
      }
      return text;
   } catch (const Error& error) {
      return "ERROR " + error.sqlstate() + " at " + std::to_string(error.position()) + ": " + error.message();
   }
}

/// Whether a statement run compiled code (the cache had no plan that takes its literals).
bool compiled(Connection& con, const std::string& sql) { return con.query(sql).stats().compileMs > 0; }

struct PlanCacheTest : ::testing::Test {
   Database db;
   Connection cached{db};
   Database reference;  // the same tables, the cache off
   Connection uncached{reference};
   void SetUp() override {
      uncached.query("SET plan_cache_memory = 0");
      for (Connection* con : {&cached, &uncached}) {
         con->query(
            "CREATE TABLE t (i INTEGER PRIMARY KEY, b BIGINT, s SMALLINT, n NUMERIC(10,2), f DOUBLE PRECISION, r REAL, x TEXT, v VARCHAR(5),"
            " c CHAR(3), ok BOOLEAN, d DATE, ts TIMESTAMP, tz TIMESTAMPTZ, iv INTERVAL, a INTEGER[])");
         con->query(
            "INSERT INTO t VALUES"
            " (1, 10000000000, 1, 1.50, 0.5, 0.25, 'one', 'ab', 'x', true, '2020-01-01', '2020-01-01 10:00', '2020-01-01 10:00+00', '1 day', '{1,2}'),"
            " (2, -5, 2, 2.25, 1e10, -1.5, 'two', 'abcde', 'yz', false, '2021-06-30', '2021-06-30 23:59:59.5', '2021-06-30 12:00-07', '2 hours', '{}'),"
            " (5, 5, -3, -7.00, -2.5, 3, 'five', NULL, 'abc', NULL, '1999-12-31', '1999-12-31 00:00', '1999-12-31 00:00+05:30', '-1 month', NULL),"
            " (7, NULL, 7, 0, NULL, 0, 'It''s', 'q', NULL, true, NULL, NULL, NULL, NULL, '{7}')");
      }
   }
   /// Runs `sql` on both connections: the same outcome.
   void same(const std::string& sql) { EXPECT_EQ(outcome(cached, sql), outcome(uncached, sql)) << sql; }
};

TEST_F(PlanCacheTest, TheSameTextCompilesOnce) {
   EXPECT_TRUE(compiled(cached, "SELECT x FROM t WHERE i = 5"));
   EXPECT_FALSE(compiled(cached, "SELECT x FROM t WHERE i = 5"));
   // Whitespace, comments and the case of keywords are not the statement.
   EXPECT_FALSE(compiled(cached, "select   x\n from t -- five\n where i = 5;"));
   EXPECT_FALSE(compiled(cached, "SELECT /* again */ x FROM T WHERE I = 5"));
   // A quoted name is another name, and other columns another statement.
   EXPECT_TRUE(compiled(cached, "SELECT x, i FROM t WHERE i = 5"));
   // The cache off: each run compiles.
   uncached.query("SELECT x FROM t WHERE i = 5");
   EXPECT_TRUE(compiled(uncached, "SELECT x FROM t WHERE i = 5"));
   EXPECT_TRUE(compiled(uncached, "SELECT x FROM t WHERE i = 5"));
}

TEST_F(PlanCacheTest, LiteralsBecomeParameters) {
   EXPECT_TRUE(compiled(cached, "SELECT x FROM t WHERE i = 5"));
   Result seven = cached.query("SELECT x FROM t WHERE i = 7");
   EXPECT_EQ(seven.stats().compileMs, 0);
   ASSERT_EQ(seven.rowCount(), 1u);
   EXPECT_EQ(seven.getString(0, 0), "It's");
   EXPECT_EQ(cached.query("SELECT x FROM t WHERE i = 3").rowCount(), 0u);
   EXPECT_TRUE(compiled(cached, "SELECT x FROM t WHERE x = 'one' AND n > 1.5"));
   EXPECT_FALSE(compiled(cached, "SELECT x FROM t WHERE x = 'two' AND n > 2.5"));
   // A number of another precision is a constant of another type: a plan of its own.
   EXPECT_TRUE(compiled(cached, "SELECT x FROM t WHERE x = 'two' AND n > 0.25"));
   EXPECT_FALSE(compiled(cached, "SELECT x FROM t WHERE x = 'one' AND n > 1.5"));
   EXPECT_TRUE(compiled(cached, "INSERT INTO t (i, x) VALUES (100, 'hundred')"));
   EXPECT_FALSE(compiled(cached, "INSERT INTO t (i, x) VALUES (101, 'hundred and one')"));
   EXPECT_TRUE(compiled(cached, "UPDATE t SET x = 'changed' WHERE i = 100"));
   EXPECT_FALSE(compiled(cached, "UPDATE t SET x = 'changed again' WHERE i = 101"));
   Result changed = cached.query("SELECT i, x FROM t WHERE i >= 100 ORDER BY i");
   ASSERT_EQ(changed.rowCount(), 2u);
   EXPECT_EQ(changed.getString(0, 1), "changed");
   EXPECT_EQ(changed.getString(1, 1), "changed again");
}

TEST_F(PlanCacheTest, ConstantsOfEveryTypeGiveTheUncachedResults) {
   // Each group: the same statement with other literals, run in this order on both connections.
   const std::vector<std::vector<std::string>> groups = {
      {"SELECT i FROM t WHERE i = 1", "SELECT i FROM t WHERE i = 7", "SELECT i FROM t WHERE i = -5", "SELECT i FROM t WHERE i = 2147483648",
       "SELECT i FROM t WHERE i = -2147483648", "SELECT i FROM t WHERE i = 5.0", "SELECT i FROM t WHERE i = 5.5", "SELECT i FROM t WHERE i = NULL"},
      {"SELECT i FROM t WHERE i = '5'", "SELECT i FROM t WHERE i = '7'", "SELECT i FROM t WHERE i = 'seven'", "SELECT i FROM t WHERE i = '9999999999'"},
      {"SELECT i FROM t WHERE b > 5 ORDER BY i", "SELECT i FROM t WHERE b > 9999999999 ORDER BY i", "SELECT i FROM t WHERE b > -9223372036854775808 ORDER BY i",
       "SELECT i FROM t WHERE b > 9223372036854775808 ORDER BY i"},
      {"SELECT i FROM t WHERE s < 2 ORDER BY i", "SELECT i FROM t WHERE s < 40000 ORDER BY i", "SELECT i FROM t WHERE s < -1.5 ORDER BY i"},
      {"SELECT i, n * 2 FROM t WHERE n >= 1.5 ORDER BY i", "SELECT i, n * 2 FROM t WHERE n >= -7 ORDER BY i",
       "SELECT i, n * 2 FROM t WHERE n >= 1e2 ORDER BY i", "SELECT i, n * 2 FROM t WHERE n >= 0.001 ORDER BY i"},
      {"SELECT i, n + 1.25 FROM t ORDER BY i", "SELECT i, n + 100.125 FROM t ORDER BY i", "SELECT i, n + 99999999999999999999.5 FROM t ORDER BY i"},
      {"SELECT i FROM t WHERE f < 1.5e10 ORDER BY i", "SELECT i FROM t WHERE f < 0 ORDER BY i", "SELECT i FROM t WHERE f < -1e308 ORDER BY i"},
      {"SELECT i FROM t WHERE r = 0.25", "SELECT i FROM t WHERE r = -1.5", "SELECT i FROM t WHERE r = '3'"},
      {"SELECT i FROM t WHERE x = 'one'", "SELECT i FROM t WHERE x = 'It''s'", "SELECT i FROM t WHERE x = ''", "SELECT i FROM t WHERE x = NULL"},
      {"SELECT i FROM t WHERE v = 'ab'", "SELECT i FROM t WHERE v = 'abcde'", "SELECT i FROM t WHERE v = 'abcdefgh'"},
      {"SELECT i FROM t WHERE c = 'x'", "SELECT i FROM t WHERE c = 'yz '", "SELECT i FROM t WHERE c = 'abcd'"},
      {"SELECT i FROM t WHERE ok = 'true' ORDER BY i", "SELECT i FROM t WHERE ok = 'f' ORDER BY i", "SELECT i FROM t WHERE ok = 'maybe' ORDER BY i"},
      {"SELECT i FROM t WHERE d > '2000-01-01' ORDER BY i", "SELECT i FROM t WHERE d > '2021-01-01' ORDER BY i",
       "SELECT i FROM t WHERE d > 'garbage' ORDER BY i", "SELECT i FROM t WHERE d > 'infinity' ORDER BY i"},
      {"SELECT i FROM t WHERE ts >= '2020-01-01' ORDER BY i", "SELECT i FROM t WHERE ts >= '2021-06-30 23:59:59' ORDER BY i",
       "SELECT i FROM t WHERE ts >= '2021-13-01' ORDER BY i"},
      {"SELECT i FROM t WHERE tz < '2020-01-01 00:00+01' ORDER BY i", "SELECT i FROM t WHERE tz < '2021-06-30 19:00:01+00' ORDER BY i"},
      {"SELECT i FROM t WHERE d < DATE '2020-06-01' ORDER BY i", "SELECT i FROM t WHERE d < DATE '2030-06-01' ORDER BY i"},
      {"SELECT i FROM t WHERE ts < TIMESTAMP '2020-06-01' ORDER BY i", "SELECT i FROM t WHERE ts < TIMESTAMP '2000-01-01' ORDER BY i"},
      {"SELECT i, d + 5 FROM t ORDER BY i", "SELECT i, d + 50000000 FROM t ORDER BY i"},
      {"SELECT i, ts + INTERVAL '1 day' FROM t ORDER BY i", "SELECT i, ts + INTERVAL '3 hours 4 minutes' FROM t ORDER BY i",
       "SELECT i, ts + INTERVAL 'soon' FROM t ORDER BY i"},
      {"SELECT i FROM t WHERE iv > '1 hour' ORDER BY i", "SELECT i FROM t WHERE iv > '-1 year' ORDER BY i"},
      {"SELECT i FROM t WHERE 2 = ANY(a) ORDER BY i", "SELECT i FROM t WHERE 7 = ANY(a) ORDER BY i"},
      {"SELECT i FROM t WHERE a = '{1,2}'", "SELECT i FROM t WHERE a = '{7}'", "SELECT i FROM t WHERE a = '{x}'"},
      {"SELECT i FROM t WHERE i IN (1, 2, 3) ORDER BY i", "SELECT i FROM t WHERE i IN (5, 7, 9) ORDER BY i",
       "SELECT i FROM t WHERE i IN (5, NULL, 9) ORDER BY i"},
      {"SELECT x FROM t WHERE x LIKE 'f%'", "SELECT x FROM t WHERE x LIKE 't%'", "SELECT x FROM t WHERE x LIKE '%o'", "SELECT x FROM t WHERE x LIKE 'one'"},
      {"SELECT i FROM t ORDER BY i LIMIT 1", "SELECT i FROM t ORDER BY i LIMIT 3", "SELECT i FROM t ORDER BY i LIMIT 2 OFFSET 1",
       "SELECT i FROM t ORDER BY i LIMIT -1"},
      {"SELECT i, x FROM t ORDER BY 1", "SELECT i, x FROM t ORDER BY 2", "SELECT i, x FROM t ORDER BY 3"},
      {"SELECT i, CASE WHEN i > 3 THEN 'big' ELSE 'small' END FROM t ORDER BY i", "SELECT i, CASE WHEN i > 6 THEN 'large' ELSE 's' END FROM t ORDER BY i"},
      {"SELECT i, substr(x, 2, 2) FROM t ORDER BY i", "SELECT i, substr(x, 1, 10) FROM t ORDER BY i", "SELECT i, substr(x, 1, -1) FROM t ORDER BY i"},
      {"SELECT 1 + 2", "SELECT 3 + 4", "SELECT 2147483647 + 1", "SELECT 'a' || 'b'", "SELECT 'x' || 'yz'"},
      {"SELECT i + 2147483640 FROM t ORDER BY i", "SELECT i + 2147483646 FROM t ORDER BY i", "SELECT i + 1 FROM t ORDER BY i"},
      {"SELECT i / 1 FROM t ORDER BY i", "SELECT i / 0 FROM t ORDER BY i", "SELECT i % 0 FROM t ORDER BY i"},
      {"SELECT '5'::integer + i FROM t ORDER BY i", "SELECT '6'::integer + i FROM t ORDER BY i", "SELECT 'abc'::integer + i FROM t ORDER BY i"},
      {"SELECT 1.5::numeric(3,1)", "SELECT 12.25::numeric(3,1)", "SELECT 123.45::numeric(3,1)"},
      {"SELECT 'abc'::varchar(2)", "SELECT 'abcdef'::varchar(2)", "SELECT 'a'::char(3) || '|'"},
      {"SELECT round(n, 1) FROM t ORDER BY i", "SELECT round(n, 0) FROM t ORDER BY i"},
      {"SELECT count(*) FROM t GROUP BY i > 3 ORDER BY 1", "SELECT count(*) FROM t GROUP BY i > 6 ORDER BY 1"},
      {"SELECT i, 'lit' FROM t ORDER BY i", "SELECT i, 'other' FROM t ORDER BY i", "SELECT i, 42 FROM t ORDER BY i"},
   };
   for (const auto& group : groups)
      for (const std::string& sql : group) same(sql);
   // And the other way round: each group's last statement first.
   for (const auto& group : groups)
      for (auto it = group.rbegin(); it != group.rend(); ++it) same("/* reversed */ " + *it);
}

TEST_F(PlanCacheTest, ChangesGiveTheUncachedResults) {
   const std::vector<std::string> statements = {
      "INSERT INTO t (i, x, n) VALUES (10, 'ten', 10.5)",
      "INSERT INTO t (i, x, n) VALUES (11, 'eleven', 10.555)",
      "INSERT INTO t (i, x, n) VALUES (12, 'twelve', 123456789.5)",
      "INSERT INTO t (i, v) VALUES (13, 'too long')",
      "INSERT INTO t (i, v) VALUES (14, 'ok   ')",
      "INSERT INTO t (i) VALUES (2147483648)",
      "INSERT INTO t (i) VALUES (10)",
      "INSERT INTO t (i, s) VALUES (15, 70000)",
      "UPDATE t SET n = n + 1 WHERE i = 10",
      "UPDATE t SET n = n + 2.5 WHERE i = 11",
      "UPDATE t SET x = 'new' WHERE i = 12",
      "UPDATE t SET x = NULL WHERE i = 12",
      "DELETE FROM t WHERE i = 14",
      "DELETE FROM t WHERE i = 13",
   };
   for (const std::string& sql : statements) same(sql);
   same("SELECT * FROM t ORDER BY i");
}

TEST_F(PlanCacheTest, AQueryOfMuchWorkIsCachedForItsLiteralsAlone) {
   // Its code is made for its constants: a run of many rows repays the compile.
   cached.query("CREATE TABLE big AS SELECT g, g % 10 AS m FROM generate_series(1, 300000) AS g");
   EXPECT_TRUE(compiled(cached, "SELECT count(*) FROM big WHERE m < 3"));
   EXPECT_FALSE(compiled(cached, "SELECT count(*) FROM big WHERE m < 3"));
   Result other = cached.query("SELECT count(*) FROM big WHERE m < 4");
   EXPECT_GT(other.stats().compileMs, 0);
   EXPECT_EQ(other.getInt64(0, 0), 120000);
   EXPECT_EQ(cached.query("SELECT count(*) FROM big WHERE m < 3").getInt64(0, 0), 90000);
}

TEST_F(PlanCacheTest, ErrorsPointIntoTheTextSent) {
   same("SELECT i FROM t WHERE d = '2020-01-01'");
   // The cached plan's text differs in spacing, comments and the literals' lengths.
   same("SELECT   i FROM t /* a comment */ WHERE d = 'not a date at all'");
   same("SELECT i FROM t\nWHERE\n d = 'bad'");
   same("SELECT i FROM t WHERE i = 'many words'");
   same("SELECT i FROM t WHERE i =    'x'");
   // A later statement of a script: its position is in the whole text.
   same("SELECT 1; SELECT i FROM t WHERE d = 'garbage'");
   same("SELECT 1;\n\nSELECT i FROM t WHERE d = 'rubbish'");
   // A failure while running: the position of the operator.
   same("SELECT i / 0 FROM t");
   same("SELECT  i  /  0 FROM t");
}

TEST_F(PlanCacheTest, PlansAreBoundAgainWhenTheSchemaChanges) {
   EXPECT_TRUE(compiled(cached, "SELECT * FROM t WHERE i = 5"));
   EXPECT_FALSE(compiled(cached, "SELECT * FROM t WHERE i = 7"));
   cached.query("ALTER TABLE t ADD COLUMN extra INTEGER DEFAULT 3");
   Result r = cached.query("SELECT * FROM t WHERE i = 7");
   EXPECT_GT(r.stats().compileMs, 0);
   EXPECT_EQ(r.columnName(r.columnCount() - 1), "extra");
   EXPECT_EQ(r.getInt64(0, r.columnCount() - 1), 3);
   // Dropped and made again with other types: the old plan would read the old table.
   cached.query("CREATE TABLE u (k INTEGER)");
   cached.query("INSERT INTO u VALUES (1)");
   EXPECT_EQ(cached.query("SELECT k FROM u WHERE k = 1").getString(0, 0), "1");
   cached.query("DROP TABLE u");
   cached.query("CREATE TABLE u (k TEXT)");
   cached.query("INSERT INTO u VALUES ('1')");
   EXPECT_EQ(outcome(cached, "SELECT k FROM u WHERE k = 1"), "ERROR 42883 at 25: operator does not exist: text = integer");
   EXPECT_EQ(cached.query("SELECT k FROM u WHERE k = '1'").columnType(0), SqlType::text());
   cached.query("DROP TABLE u");
   EXPECT_EQ(outcome(cached, "SELECT k FROM u WHERE k = '1'"), "ERROR 42P01 at 15: relation \"u\" does not exist");
}

TEST_F(PlanCacheTest, AnalyzeAndGrowthMakeNewPlans) {
   EXPECT_TRUE(compiled(cached, "SELECT count(*) FROM t WHERE x > 'a'"));
   EXPECT_FALSE(compiled(cached, "SELECT count(*) FROM t WHERE x > 'b'"));
   cached.query("ANALYZE t");
   EXPECT_TRUE(compiled(cached, "SELECT count(*) FROM t WHERE x > 'c'"));
   EXPECT_FALSE(compiled(cached, "SELECT count(*) FROM t WHERE x > 'd'"));
   cached.query("INSERT INTO t (i) SELECT g FROM generate_series(1000, 10000) g");
   Result grown = cached.query("SELECT count(*) FROM t WHERE x > 'e'");
   EXPECT_GT(grown.stats().compileMs, 0);
   same("SELECT count(*) FROM t WHERE x > 'e'");
}

TEST_F(PlanCacheTest, SettingsThatChangeMeaningAreOfTheKey) {
   cached.query("SET TimeZone = 'UTC'");
   uncached.query("SET TimeZone = 'UTC'");
   same("SELECT i FROM t WHERE tz > '2021-06-30 18:00' ORDER BY i");
   same("SELECT tz::date, '2021-06-30 18:00'::timestamptz FROM t ORDER BY i");
   EXPECT_FALSE(compiled(cached, "SELECT i FROM t WHERE tz > '2021-06-30 18:00' ORDER BY i"));
   cached.query("SET TimeZone = 'America/Los_Angeles'");
   uncached.query("SET TimeZone = 'America/Los_Angeles'");
   EXPECT_TRUE(compiled(cached, "SELECT i FROM t WHERE tz > '2021-06-30 18:00' ORDER BY i"));
   same("SELECT i FROM t WHERE tz > '2021-06-30 18:00' ORDER BY i");
   same("SELECT tz::date, '2021-06-30 18:00'::timestamptz FROM t ORDER BY i");
   // A setting kept as text (this one turns an optimizer pass off).
   EXPECT_TRUE(compiled(cached, "SELECT x FROM t WHERE i = 1"));
   cached.query("SET disabled_optimizer_passes = 'join_order'");
   EXPECT_TRUE(compiled(cached, "SELECT x FROM t WHERE i = 1"));
   EXPECT_FALSE(compiled(cached, "SELECT x FROM t WHERE i = 2"));
   cached.query("RESET disabled_optimizer_passes");
   cached.query("SET disabled_optimizer_passes = 'join_order'");
   EXPECT_FALSE(compiled(cached, "SELECT x FROM t WHERE i = 3"));
}

TEST_F(PlanCacheTest, TheMemoryBoundHolds) {
   cached.query("SET plan_cache_memory = 1");
   EXPECT_TRUE(compiled(cached, "SELECT i AS first FROM t WHERE i = 1"));
   EXPECT_FALSE(compiled(cached, "SELECT i AS first FROM t WHERE i = 2"));
   // Many other statements: the first goes, the least recently used.
   for (int k = 0; k < 200; ++k) cached.query("SELECT i AS c" + std::to_string(k) + " FROM t WHERE i = 1");
   EXPECT_TRUE(compiled(cached, "SELECT i AS first FROM t WHERE i = 1"));
   // The most recent ones stay.
   EXPECT_FALSE(compiled(cached, "SELECT i AS c199 FROM t WHERE i = 3"));
   Result shown = cached.query("SHOW plan_cache_memory");
   EXPECT_EQ(shown.getString(0, 0), "1MB");
}

TEST_F(PlanCacheTest, ExplainSaysWhetherThePlanIsCached) {
   EXPECT_NE(allLines(cached.query("EXPLAIN SELECT x FROM t WHERE i = 5")).find("Plan cache: miss"), std::string::npos);
   cached.query("SELECT x FROM t WHERE i = 5");
   EXPECT_NE(allLines(cached.query("EXPLAIN SELECT x FROM t WHERE i = 9")).find("Plan cache: hit"), std::string::npos);
   EXPECT_NE(allLines(uncached.query("EXPLAIN SELECT x FROM t WHERE i = 9")).find("Plan cache: off"), std::string::npos);
}

TEST_F(PlanCacheTest, ConnectionsShareEntriesSafely) {
   EXPECT_TRUE(compiled(cached, "SELECT x FROM t WHERE i = 1"));
   Connection other(db);
   EXPECT_FALSE(compiled(other, "SELECT x FROM t WHERE i = 2"));
   cached.query("CREATE TABLE counts (k INTEGER PRIMARY KEY, n INTEGER)");
   constexpr int threads = 4, rounds = 200;
   for (int k = 0; k < threads; ++k) cached.query("INSERT INTO counts VALUES (" + std::to_string(k) + ", 0)");
   std::vector<std::thread> workers;
   std::vector<std::string> failures(threads);
   for (int k = 0; k < threads; ++k)
      workers.emplace_back([&, k] {
         Connection mine(db);
         try {
            for (int round = 0; round < rounds; ++round) {
               mine.query("UPDATE counts SET n = n + 1 WHERE k = " + std::to_string(k));
               Result r = mine.query("SELECT n FROM counts WHERE k = " + std::to_string(k));
               if (r.getInt64(0, 0) != round + 1) failures[size_t(k)] = "lost an update";
               mine.query("SELECT x FROM t WHERE i = " + std::to_string(round % 8));
            }
         } catch (const Error& error) {
            failures[size_t(k)] = error.message();
         }
      });
   for (auto& worker : workers) worker.join();
   for (const std::string& failure : failures) EXPECT_EQ(failure, "");
   EXPECT_EQ(cached.query("SELECT sum(n) FROM counts").getInt64(0, 0), threads * rounds);
}

}  // namespace
