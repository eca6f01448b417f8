// A connection waits for its turn while another connection's transaction runs. With
// SET lock_timeout it gives up after that long with 55P03, and Connection::cancel() stops the wait
// with 57014; either way the statement changes nothing and the connection goes on as before.
// SET statement_timeout: a statement running longer is cancelled with 57014 "canceling statement
// due to statement timeout", changing nothing; the time counts a wait for the turn too. Without
// it (0, the default) statements run as long as they take.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "kiln/kiln.h"

namespace {

using Clock = std::chrono::steady_clock;

std::string failure(const std::function<void()>& action) {
   try {
      action();
   } catch (const kiln::Error& error) {
      return error.sqlstate() + ": " + error.what();
   }
   return "";
}

TEST(LockTimeout, AWaitForAnotherTransactionEndsAfterTheTimeout) {
   kiln::Database db;
   kiln::Connection holder(db), waiter(db);
   holder.query("CREATE TABLE t (a INTEGER)");
   auto insert = waiter.prepare("INSERT INTO t VALUES ($1)");
   holder.query("BEGIN");
   holder.query("INSERT INTO t VALUES (1)");
   waiter.query("SET lock_timeout = '50ms'");
   auto start = Clock::now();
   EXPECT_EQ(failure([&] { waiter.query("INSERT INTO t VALUES (2)"); }), "55P03: canceling statement due to lock timeout");
   EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(50));
   EXPECT_EQ(failure([&] { waiter.query("BEGIN"); }), "55P03: canceling statement due to lock timeout");
   EXPECT_EQ(failure([&] { insert.bind(1, int64_t(3)).execute(); }), "55P03: canceling statement due to lock timeout");
   holder.query("COMMIT");
   // The waits changed nothing; the connection runs as before once the turn is free.
   insert.bind(1, int64_t(4)).execute();
   EXPECT_EQ(waiter.query("SELECT string_agg(CAST(a AS text), ',' ORDER BY a) FROM t").getString(0, 0), "1,4");
   EXPECT_EQ(waiter.query("SHOW lock_timeout").getString(0, 0), "50ms");
}

TEST(LockTimeout, WithoutATimeoutTheWaiterRunsOnceTheTransactionEnds) {
   kiln::Database db;
   kiln::Connection holder(db), waiter(db);
   holder.query("CREATE TABLE t (a INTEGER)");
   holder.query("BEGIN");
   holder.query("INSERT INTO t VALUES (1)");
   std::thread committer([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(60));
      holder.query("COMMIT");
   });
   // A change waits for the turn (a read would not: it reads a snapshot), then runs after what
   // the transaction committed.
   waiter.query("INSERT INTO t SELECT count(*) FROM t");
   committer.join();
   EXPECT_EQ(waiter.query("SELECT string_agg(CAST(a AS text), ',' ORDER BY a) FROM t").getString(0, 0), "1,1");
}

TEST(LockTimeout, CancelStopsAWaitForTheTurn) {
   kiln::Database db;
   kiln::Connection holder(db), waiter(db);
   holder.query("CREATE TABLE t (a INTEGER)");
   holder.query("BEGIN");
   std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      waiter.cancel();
   });
   EXPECT_EQ(failure([&] { waiter.query("INSERT INTO t VALUES (2)"); }), "57014: canceling statement due to user request");
   canceller.join();
   holder.query("ROLLBACK");
   waiter.query("INSERT INTO t VALUES (3)");
   EXPECT_EQ(waiter.query("SELECT count(*) FROM t").getInt64(0, 0), 1);
}

constexpr const char* timedOut = "57014: canceling statement due to statement timeout";

TEST(StatementTimeout, ALongStatementIsCancelledAndChangesNothing) {
   kiln::Database db;
   kiln::Connection connection(db);
   connection.query("CREATE TABLE t AS SELECT g AS a FROM generate_series(1, 3000000) g");
   // Sorting 3 million rows again and again takes seconds.
   const char* slow = "UPDATE t SET a = a + (SELECT count(*) FROM (SELECT a FROM t ORDER BY a DESC OFFSET 1) s, generate_series(1, 20) r)";
   connection.query("SET statement_timeout = '100ms'");
   auto start = Clock::now();
   EXPECT_EQ(failure([&] { connection.query(slow); }), timedOut);
   EXPECT_LT(Clock::now() - start, std::chrono::seconds(5));
   EXPECT_EQ(connection.query("SELECT sum(a) FROM t").getInt64(0, 0), int64_t(3000000) * 3000001 / 2);
   // A statement within the time runs; the timeout was the statement's, not the connection's.
   EXPECT_EQ(connection.query("SELECT count(*) FROM t WHERE a <= 10").getInt64(0, 0), 10);
   auto prepared = connection.prepare("SELECT max(a) FROM t WHERE a < $1");
   EXPECT_EQ(prepared.bind(1, int64_t(5)).execute().getInt64(0, 0), 4);
   EXPECT_EQ(connection.query("SHOW statement_timeout").getString(0, 0), "100ms");
}

TEST(StatementTimeout, ItCountsTheWaitForTheTurnAndIsNotALockTimeout) {
   kiln::Database db;
   kiln::Connection holder(db), waiter(db);
   holder.query("CREATE TABLE t (a INTEGER)");
   holder.query("BEGIN");
   holder.query("INSERT INTO t VALUES (1)");
   waiter.query("SET statement_timeout = 50");
   auto start = Clock::now();
   EXPECT_EQ(failure([&] { waiter.query("INSERT INTO t VALUES (2)"); }), timedOut);
   EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(50));
   // The lock timeout, when shorter, is the one that ends the wait.
   waiter.query("SET lock_timeout = 20");
   EXPECT_EQ(failure([&] { waiter.query("INSERT INTO t VALUES (3)"); }), "55P03: canceling statement due to lock timeout");
   holder.query("COMMIT");
   waiter.query("INSERT INTO t VALUES (4)");
   EXPECT_EQ(waiter.query("SELECT string_agg(CAST(a AS text), ',' ORDER BY a) FROM t").getString(0, 0), "1,4");
}

TEST(StatementTimeout, RowsMadeByTheBillionFromOneSourceRowStopSoon) {
   // A nested loop join's inner rows, a series, a hash join of a key repeated 100,000 times: the
   // pipeline's blocks of source rows are one row, or a few thousand, each making billions.
   kiln::Database db;
   kiln::Connection connection(db);
   connection.query("CREATE TABLE x AS SELECT g, g % 2 AS k FROM generate_series(1, 200000) g");
   connection.query("SET statement_timeout = '50ms'");
   for (const char* slow :
        {"SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b", "SELECT count(*) FROM generate_series(1, 100000000000) a",
         "SELECT count(*) FROM x a, x b WHERE a.g + b.g = 7", "SELECT count(*) FROM x a JOIN x b ON a.k = b.k"}) {
      auto start = Clock::now();
      EXPECT_EQ(failure([&] { connection.query(slow); }), timedOut) << slow;
      EXPECT_LT(Clock::now() - start, std::chrono::seconds(2)) << slow;
   }
}

TEST(StatementTimeout, ZeroAndRollbackLeaveStatementsUnlimited) {
   kiln::Database db;
   kiln::Connection connection(db);
   connection.query("BEGIN");
   connection.query("SET LOCAL statement_timeout = '1ms'");
   EXPECT_EQ(connection.query("SHOW statement_timeout").getString(0, 0), "1ms");
   connection.query("ROLLBACK");
   EXPECT_EQ(connection.query("SHOW statement_timeout").getString(0, 0), "0");
   connection.query("SET statement_timeout = '1min'");
   connection.query("SET statement_timeout = 0");
   EXPECT_EQ(connection.query("SELECT count(*) FROM generate_series(1, 2000000) g WHERE g % 3 = 0").getInt64(0, 0), 666666);
}

}  // namespace
