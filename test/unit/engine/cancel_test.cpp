// Connection::cancel() from another thread stops a long statement with 57014 soon after, the
// cancelled statement changes nothing, and the connection goes on as before: later statements
// run in full.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "kiln/kiln.h"

namespace {

using Clock = std::chrono::steady_clock;

/// Runs `sql` on `con`, cancelling it from another thread after `delay`; returns the SQLSTATE it
/// failed with (empty if it did not) and how long it ran.
std::pair<std::string, double> runCancelled(kiln::Connection& con, const std::string& sql, std::chrono::milliseconds delay) {
   std::thread canceller([&] {
      std::this_thread::sleep_for(delay);
      con.cancel();
   });
   auto start = Clock::now();
   std::string state;
   try {
      con.query(sql);
   } catch (const kiln::Error& error) {
      state = error.sqlstate();
   }
   canceller.join();
   return {state, std::chrono::duration<double>(Clock::now() - start).count()};
}

TEST(Cancel, StopsALongStatementWhichChangesNothing) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (k INTEGER, v INTEGER)");
   con.query("INSERT INTO t SELECT g, g % 100 FROM generate_series(1, 40000) AS s(g)");

   // A nested-loop join of 40,000 × 40,000 rows takes far longer than the wait.
   auto [state, seconds] = runCancelled(con, "SELECT count(*) FROM t a, t b WHERE a.v + b.v < a.k % 7", std::chrono::milliseconds(200));
   EXPECT_EQ(state, "57014");
   EXPECT_LT(seconds, 5.0);

   // An UPDATE of every row, cancelled within its run, leaves every row as it was.
   auto [updateState, updateSeconds] = runCancelled(con, "UPDATE t SET v = v + 1 WHERE EXISTS (SELECT 1 FROM t b WHERE b.v + t.v < t.k % 7)",
                                                    std::chrono::milliseconds(200));
   EXPECT_EQ(updateState, "57014");
   EXPECT_EQ(con.query("SELECT sum(v) FROM t").getString(0, 0), std::to_string(40000 / 100 * (99 * 100 / 2)));

   // The connection works on, and a cancel before a statement does not reach it.
   con.cancel();
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getString(0, 0), "40000");
}

TEST(Cancel, InATransactionAbortsItsBlock) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (k INTEGER)");
   con.query("INSERT INTO t SELECT g FROM generate_series(1, 30000) AS s(g)");
   con.query("BEGIN");
   con.query("INSERT INTO t VALUES (0)");
   auto [state, seconds] = runCancelled(con, "SELECT count(*) FROM t a, t b WHERE a.k + b.k < 0", std::chrono::milliseconds(200));
   EXPECT_EQ(state, "57014");
   // As after any failed statement in PostgreSQL: only ROLLBACK ends the block.
   EXPECT_THROW(con.query("SELECT 1"), kiln::Error);
   con.query("ROLLBACK");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getString(0, 0), "30000");
}

}  // namespace
