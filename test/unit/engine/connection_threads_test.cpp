// A Connection runs one call at a time: a call from a second thread while one runs is refused
// with 55000 (never a data race), cancel() works from any thread, and the connection serves the
// other thread once the first call is over. Connections of one Database run on threads of their own.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "kiln/kiln.h"
#include "snapshot_processes.h"

using kiln::snapshot_test::sqlstateOf;

TEST(ConnectionThreads, ASecondThreadIsRefusedWhileACallRuns) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (k INTEGER, v INTEGER)");
   con.query("INSERT INTO t SELECT g, g % 100 FROM generate_series(1, 40000) AS s(g)");
   kiln::PreparedStatement count = con.prepare("SELECT count(*) FROM t WHERE k > $1");

   std::atomic<bool> started{false};
   std::string longState;
   std::thread running([&] {
      started = true;
      // A nested-loop join of 40,000 × 40,000 rows: it runs until cancelled.
      longState = sqlstateOf([&] { con.query("SELECT count(*) FROM t a, t b WHERE a.v + b.v < a.k % 7"); });
   });
   while (!started) std::this_thread::yield();
   std::this_thread::sleep_for(std::chrono::milliseconds(200));
   try {
      con.query("SELECT 1");
      ADD_FAILURE() << "a second thread ran a statement beside the first";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "55000");
      EXPECT_EQ(error.message(), "the connection is in use by another thread");
   }
   EXPECT_EQ(sqlstateOf([&] { count.bind(1, 10).execute(); }), "55000");
   EXPECT_EQ(sqlstateOf([&] { con.prepare("SELECT 2"); }), "55000");
   con.cancel();  // from any thread
   running.join();
   EXPECT_EQ(longState, "57014");

   // Free again: this thread may use it now.
   EXPECT_EQ(count.bind(1, 39990).execute().getInt64(0, 0), 10);
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 40000);
}

TEST(ConnectionThreads, ConnectionsOfOneDatabaseRunOnThreadsOfTheirOwn) {
   kiln::Database db;
   kiln::Connection setup(db);
   setup.query("CREATE TABLE t (k INTEGER)");
   constexpr int threads = 4, rowsEach = 200;
   std::vector<std::thread> writers;
   for (int w = 0; w < threads; ++w)
      writers.emplace_back([&db, w] {
         kiln::Connection con(db);
         kiln::PreparedStatement insert = con.prepare("INSERT INTO t VALUES ($1)");
         for (int i = 0; i < rowsEach; ++i) insert.bind(1, w * rowsEach + i).execute();
      });
   for (std::thread& writer : writers) writer.join();
   EXPECT_EQ(setup.query("SELECT count(DISTINCT k) FROM t").getInt64(0, 0), threads * rowsEach);
   EXPECT_EQ(db.table("t").rowCount, uint64_t(threads * rowsEach));
}
