// READ ONLY transaction blocks and the functions that change something: a block's writes fail with
// 25006 and abort it; nextval(), setval() and set_config() in a statement that went to a snapshot
// under snapshot_reads auto run again in the writer's turn, and fail with 25006 where a snapshot
// is a must (a READ ONLY block, snapshot_reads on); the session's sequence values reach the
// snapshot (currval, lastval). (The SQL side of it: test/sql/snapshots/read_only_blocks.test.)
#include <gtest/gtest.h>

#include "kiln/kiln.h"
#include "snapshot_processes.h"

namespace {

using kiln::snapshot_test::sqlstateOf;

TEST(ReadOnlyTransaction, WritesFailWith25006AndAbortTheBlock) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER)");
   con.query("INSERT INTO t VALUES (1)");
   const std::pair<const char*, const char*> writes[] = {
      {"INSERT INTO t VALUES (2)", "cannot execute INSERT in a read-only transaction"},
      {"UPDATE t SET a = 3", "cannot execute UPDATE in a read-only transaction"},
      {"DELETE FROM t", "cannot execute DELETE in a read-only transaction"},
      {"CREATE TABLE u (b INTEGER)", "cannot execute CREATE TABLE in a read-only transaction"},
      {"DROP TABLE t", "cannot execute DROP TABLE in a read-only transaction"},
      {"WITH d AS (DELETE FROM t RETURNING a) SELECT * FROM d", nullptr},  // wording: see below
      {"SELECT * INTO copied FROM t", nullptr},
   };
   for (const char* begin : {"BEGIN READ ONLY", "START TRANSACTION READ ONLY", "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"}) {
      for (auto [sql, expected] : writes) {
         SCOPED_TRACE(std::string(begin) + "; " + sql);
         con.query(begin);
         EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 1);
         std::string message;
         EXPECT_EQ(sqlstateOf([&] { con.query(sql); }, &message), "25006");
         if (expected) {
            EXPECT_EQ(message, expected);
         }
         EXPECT_EQ(sqlstateOf([&] { con.query("SELECT 1"); }), "25P02");
         EXPECT_EQ(sqlstateOf([&] { con.query("SHOW transaction_read_only"); }), "25P02");
         EXPECT_EQ(con.query("COMMIT").statusTag(), "ROLLBACK");
      }
   }
   // A prepared INSERT and COPY FROM STDIN, too.
   auto insert = con.prepare("INSERT INTO t VALUES ($1)");
   con.query("BEGIN READ ONLY");
   EXPECT_EQ(sqlstateOf([&] { insert.bind(1, int64_t(5)).execute(); }), "25006");
   con.query("ROLLBACK");
   con.query("BEGIN READ ONLY");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "7\n"); }), "25006");
   con.query("ROLLBACK");
   EXPECT_EQ(con.query("SELECT count(*), sum(a) FROM t").getString(0, 1), "1");
   // The connection writes again after the block.
   insert.bind(1, int64_t(9)).execute();
   EXPECT_EQ(con.query("SELECT sum(a) FROM t").getInt64(0, 0), 10);
}

TEST(ReadOnlyTransaction, WritesAreNamedAsPostgresNamesThem) {
   // PostgreSQL 15 names the command as its command tag: SELECT for a SELECT whose WITH changes
   // something, SELECT INTO for SELECT INTO; nextval() and setval() by their names.
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER)");
   con.query("CREATE SEQUENCE s");
   const std::pair<const char*, const char*> writes[] = {
      {"WITH d AS (DELETE FROM t RETURNING a) SELECT * FROM d", "cannot execute SELECT in a read-only transaction"},
      {"SELECT * INTO copied FROM t", "cannot execute SELECT INTO in a read-only transaction"},
      {"SELECT nextval('s')", "cannot execute nextval() in a read-only transaction"},
      {"SELECT setval('s', 5)", "cannot execute setval() in a read-only transaction"},
   };
   for (auto [sql, expected] : writes) {
      con.query("BEGIN READ ONLY");
      std::string message;
      EXPECT_EQ(sqlstateOf([&] { con.query(sql); }, &message), "25006") << sql;
      EXPECT_EQ(message, expected) << sql;
      con.query("ROLLBACK");
   }
}

TEST(ReadOnlyTransaction, SetTransactionReadOnlyAndReadWrite) {
   kiln::Database db;
   kiln::Connection con(db), writer(db);
   con.query("CREATE TABLE t (a INTEGER)");
   // SET TRANSACTION READ ONLY at a block's start makes it read one snapshot.
   con.query("BEGIN");
   con.query("SET TRANSACTION READ ONLY");
   EXPECT_EQ(con.query("SHOW transaction_read_only").getString(0, 0), "on");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 0);
   writer.query("INSERT INTO t VALUES (1)");
   kiln::Result r = con.query("SELECT count(*) FROM t");
   EXPECT_EQ(r.getInt64(0, 0), 0);
   EXPECT_TRUE(r.stats().onSnapshot);
   // After a query it cannot become READ WRITE.
   std::string message;
   EXPECT_EQ(sqlstateOf([&] { con.query("SET TRANSACTION READ WRITE"); }, &message), "25001");
   EXPECT_EQ(message, "transaction read-write mode must be set before any query");
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT 1"); }), "25P02");
   con.query("ROLLBACK");

   // Before any query it can, and the block writes.
   con.query("BEGIN READ ONLY");
   con.query("SET TRANSACTION READ WRITE");
   EXPECT_EQ(con.query("SHOW transaction_read_only").getString(0, 0), "off");
   con.query("INSERT INTO t VALUES (2)");
   con.query("COMMIT");
   EXPECT_EQ(con.query("SELECT sum(a) FROM t").getInt64(0, 0), 3);

   // A block that changed something cannot become READ ONLY (PostgreSQL allows it: kiln's READ
   // ONLY block reads a snapshot, which would not hold the block's own changes).
   con.query("BEGIN");
   con.query("INSERT INTO t VALUES (4)");
   EXPECT_EQ(sqlstateOf([&] { con.query("SET TRANSACTION READ ONLY"); }), "25001");
   con.query("ROLLBACK");
   EXPECT_EQ(con.query("SELECT sum(a) FROM t").getInt64(0, 0), 3);

   // default_transaction_read_only makes every block READ ONLY, unless it says READ WRITE.
   con.query("SET default_transaction_read_only = on");
   con.query("BEGIN");
   EXPECT_EQ(con.query("SHOW transaction_read_only").getString(0, 0), "on");
   EXPECT_EQ(sqlstateOf([&] { con.query("INSERT INTO t VALUES (8)"); }), "25006");
   con.query("ROLLBACK");
   con.query("BEGIN READ WRITE");
   con.query("INSERT INTO t VALUES (8)");
   con.query("COMMIT");
   EXPECT_EQ(con.query("SELECT sum(a) FROM t").getInt64(0, 0), 11);
}

TEST(ReadOnlyTransaction, SavepointsInAReadOnlyBlockRestoreSettings) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER)");
   con.query("BEGIN READ ONLY");
   con.query("SET lock_timeout = '10ms'");
   con.query("SAVEPOINT s");
   con.query("SET lock_timeout = '20ms'");
   con.query("SET TIME ZONE 'Asia/Tokyo'");
   EXPECT_EQ(con.query("SHOW lock_timeout").getString(0, 0), "20ms");
   EXPECT_EQ(con.query("SELECT current_setting('TimeZone')").getString(0, 0), "Asia/Tokyo");
   con.query("ROLLBACK TO SAVEPOINT s");
   EXPECT_EQ(con.query("SHOW lock_timeout").getString(0, 0), "10ms");
   EXPECT_EQ(con.query("SHOW TIME ZONE").getString(0, 0), "UTC");
   // An error after a savepoint: ROLLBACK TO makes the block usable again, still READ ONLY.
   con.query("SAVEPOINT t");
   EXPECT_EQ(sqlstateOf([&] { con.query("INSERT INTO t VALUES (1)"); }), "25006");
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT 1"); }), "25P02");
   con.query("ROLLBACK TO t");
   kiln::Result r = con.query("SELECT count(*) FROM t");
   EXPECT_EQ(r.getInt64(0, 0), 0);
   EXPECT_TRUE(r.stats().onSnapshot);
   EXPECT_EQ(con.query("SHOW transaction_read_only").getString(0, 0), "on");
   con.query("RELEASE t");
   con.query("ROLLBACK");
   EXPECT_EQ(con.query("SHOW lock_timeout").getString(0, 0), "0");
   // COMMIT keeps the block's SETs.
   con.query("BEGIN READ ONLY");
   con.query("SET lock_timeout = '30ms'");
   con.query("COMMIT");
   EXPECT_EQ(con.query("SHOW lock_timeout").getString(0, 0), "30ms");
}

TEST(ReadOnlyTransaction, NextvalOnASnapshotRunsAgainInTheWritersTurnUnderAuto) {
   kiln::Database db;
   kiln::Connection con(db), other(db);
   con.query("CREATE SEQUENCE s");
   con.query("CREATE TABLE t (a INTEGER)");
   con.query("INSERT INTO t VALUES (1), (2), (3)");
   // Every query is big enough for a snapshot; one that changes a sequence is run again here.
   con.query("SET snapshot_min_rows = 0");
   EXPECT_TRUE(con.query("SELECT count(*) FROM t").stats().onSnapshot);
   kiln::Result first = con.query("SELECT nextval('s')");
   EXPECT_EQ(first.getInt64(0, 0), 1);
   EXPECT_FALSE(first.stats().onSnapshot);
   kiln::Result rows = con.query("SELECT a, nextval('s') FROM t ORDER BY a");
   EXPECT_EQ(rows.getInt64(2, 1), 4);
   EXPECT_EQ(con.query("SELECT setval('s', 100)").getInt64(0, 0), 100);
   EXPECT_EQ(con.query("SELECT set_config('my.value', 'x', false)").getString(0, 0), "x");
   EXPECT_EQ(con.query("SELECT current_setting('my.value')").getString(0, 0), "x");
   auto prepared = con.prepare("SELECT nextval('s') + $1");
   EXPECT_EQ(prepared.bind(1, int64_t(1000)).execute().getInt64(0, 0), 1101);
   // The sequence moved once per call, as everyone sees it: not on a snapshot that forgot it.
   EXPECT_EQ(other.query("SELECT nextval('s')").getInt64(0, 0), 102);
   // The session's currval and lastval reach a snapshot.
   con.query("SET snapshot_reads = on");
   kiln::Result current = con.query("SELECT currval('s'), lastval()");
   EXPECT_TRUE(current.stats().onSnapshot);
   EXPECT_EQ(current.getInt64(0, 0), 101);
   EXPECT_EQ(current.getInt64(0, 1), 101);
   EXPECT_EQ(con.query("SELECT current_setting('my.value')").getString(0, 0), "x");
}

TEST(ReadOnlyTransaction, NextvalWhereASnapshotIsAMustFailsWith25006) {
   kiln::Database db;
   kiln::Connection con(db), other(db);
   con.query("CREATE SEQUENCE s");
   con.query("SET snapshot_reads = on");
   std::string message;
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT nextval('s')"); }, &message), "25006");
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT setval('s', 5)"); }), "25006");
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT set_config('my.value', 'x', false)"); }), "25006");
   auto prepared = con.prepare("SELECT nextval('s')");
   EXPECT_EQ(sqlstateOf([&] { prepared.execute(); }), "25006");
   con.query("SET snapshot_reads = auto");
   con.query("BEGIN READ ONLY");
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT nextval('s')"); }), "25006");
   con.query("ROLLBACK");
   con.query("BEGIN READ ONLY");
   EXPECT_EQ(sqlstateOf([&] { prepared.execute(); }), "25006");
   con.query("ROLLBACK");
   // None of them moved the sequence.
   EXPECT_EQ(other.query("SELECT nextval('s')").getInt64(0, 0), 1);
}

}  // namespace
