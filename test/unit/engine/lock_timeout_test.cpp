// A connection waits for its turn while another connection's transaction runs. With
// SET lock_timeout it gives up after that long with 55P03, and Connection::cancel() stops the wait
// with 57014; either way the statement changes nothing and the connection goes on as before.
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
   // The waiter sees what the transaction it waited for committed.
   EXPECT_EQ(waiter.query("SELECT count(*) FROM t").getInt64(0, 0), 1);
   committer.join();
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

}  // namespace
