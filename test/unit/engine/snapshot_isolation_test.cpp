// Read-only statements on snapshots see committed work only, all of it as of one moment: readers
// summing account balances while writers move money in transactions (some rolled back) always
// get the same total; a READ ONLY block reads one state in all its statements; another
// connection's open block is invisible, before and after its ROLLBACK, and its COMMIT is seen by
// the next statement. A read never waits for another connection's transaction (lock_timeout
// does not stop it), and a long query on a snapshot lets transactions go on beside it, where in
// the writer's turn it holds them up.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "kiln/kiln.h"
#include "snapshot_processes.h"

namespace {

using kiln::snapshot_test::sqlstateOf;

constexpr int accounts = 20;
constexpr int64_t startBalance = 1000;
constexpr int64_t total = accounts * startBalance;

void makeAccounts(kiln::Database& db) {
   kiln::Connection setup(db);
   setup.query("CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance BIGINT NOT NULL)");
   setup.query("INSERT INTO accounts SELECT g, " + std::to_string(startBalance) + " FROM generate_series(1, " + std::to_string(accounts) + ") AS s(g)");
}

TEST(SnapshotIsolation, ReadersAlwaysSeeTheSameTotalWhileWritersMoveMoney) {
   kiln::Database db;
   makeAccounts(db);
   constexpr int writers = 3, transactionsEach = 150;
   std::atomic<int> writersDone{0};
   std::atomic<int> committed{0};
   std::vector<std::thread> threads;
   for (int w = 0; w < writers; ++w) {
      threads.emplace_back([&, w] {
         kiln::Connection con(db);
         for (int t = 0; t < transactionsEach; ++t) {
            int from = 1 + (w * 7 + t * 3) % accounts, to = 1 + (w * 5 + t * 11 + 1) % accounts;
            int64_t amount = 1 + (t * 37 + w) % 300;
            con.query("BEGIN");
            con.query("UPDATE accounts SET balance = balance - " + std::to_string(amount) + " WHERE id = " + std::to_string(from));
            // Half-done: a reader that saw this would find money missing.
            std::this_thread::yield();
            con.query("UPDATE accounts SET balance = balance + " + std::to_string(amount) + " WHERE id = " + std::to_string(to));
            if (t % 5 == 4) {
               // Rolled back after it took money away without putting it anywhere.
               con.query("UPDATE accounts SET balance = balance - 100000 WHERE id = " + std::to_string(to));
               con.query("ROLLBACK");
            } else {
               con.query("COMMIT");
               ++committed;
            }
         }
         ++writersDone;
      });
   }
   struct Reader {
      Reader(const char* settings, bool alwaysOnSnapshot) : settings(settings), alwaysOnSnapshot(alwaysOnSnapshot) {}
      const char* settings;
      bool alwaysOnSnapshot;
      std::atomic<int> reads{0}, onSnapshot{0}, wrong{0};
      std::string firstWrong;
   };
   Reader readers[] = {
      {"SET snapshot_reads = on", true},
      {"SET snapshot_reads = on", true},
      {"SET snapshot_min_rows = 0", true},  // auto, and every query is big enough for a snapshot
      {"SET snapshot_reads = auto", false},  // small: on a snapshot only while a block is open
   };
   for (Reader& reader : readers) {
      threads.emplace_back([&db, &reader, &writersDone] {
         kiln::Connection con(db);
         con.query(reader.settings);
         // At least a few reads, and on until the writers are done.
         while (writersDone.load() < writers || reader.reads.load() < 5) {
            kiln::Result sum = con.query("SELECT sum(balance), count(*) FROM accounts");
            ++reader.reads;
            reader.onSnapshot += sum.stats().onSnapshot;
            if (sum.getInt64(0, 0) != total || sum.getInt64(0, 1) != accounts) {
               if (reader.wrong++ == 0) reader.firstWrong = sum.getString(0, 0) + " in " + sum.getString(0, 1) + " accounts";
            }
         }
      });
   }
   for (auto& thread : threads) thread.join();
   for (Reader& reader : readers) {
      SCOPED_TRACE(reader.settings);
      EXPECT_GE(reader.reads.load(), 5);
      EXPECT_EQ(reader.wrong.load(), 0) << "first wrong total: " << reader.firstWrong << " of " << reader.reads.load() << " reads";
      if (reader.alwaysOnSnapshot) {
         EXPECT_EQ(reader.onSnapshot.load(), reader.reads.load());
      }
   }
   EXPECT_EQ(committed.load(), writers * transactionsEach * 4 / 5);
   kiln::Connection check(db);
   check.query("SET snapshot_reads = off");
   EXPECT_EQ(check.query("SELECT sum(balance) FROM accounts").getInt64(0, 0), total);
   EXPECT_GT(db.snapshotStats().queries, 0u);
   EXPECT_EQ(db.snapshotStats().failures, 0u);
}

TEST(SnapshotIsolation, AReadOnlyBlockReadsOneStateInAllItsStatements) {
   kiln::Database db;
   makeAccounts(db);
   kiln::Connection reader(db), writer(db);
   reader.query("BEGIN READ ONLY");
   // The snapshot is taken at the block's first query: a commit before it is seen.
   writer.query("UPDATE accounts SET balance = balance + 1 WHERE id = 1");
   kiln::Result first = reader.query("SELECT sum(balance) FROM accounts");
   EXPECT_EQ(first.getInt64(0, 0), total + 1);
   EXPECT_TRUE(first.stats().onSnapshot);
   for (int round = 0; round < 5; ++round) {
      // Writers commit between the block's statements, in blocks and on their own.
      writer.query("BEGIN");
      writer.query("UPDATE accounts SET balance = balance + 10 WHERE id = 2");
      writer.query("INSERT INTO accounts VALUES (" + std::to_string(100 + round) + ", 5)");
      writer.query("COMMIT");
      writer.query("DELETE FROM accounts WHERE id = 3");
      kiln::Result again = reader.query("SELECT sum(balance), count(*), max(id) FROM accounts");
      EXPECT_EQ(again.getInt64(0, 0), total + 1);
      EXPECT_EQ(again.getInt64(0, 1), accounts);
      EXPECT_EQ(again.getInt64(0, 2), accounts);
      EXPECT_TRUE(again.stats().onSnapshot);
      EXPECT_EQ(again.stats().snapshotMakeMs, 0.0) << "only the block's first statement makes its snapshot";
      auto prepared = reader.prepare("SELECT balance FROM accounts WHERE id = $1");
      kiln::Result one = prepared.bind(1, int64_t(3)).execute();
      ASSERT_EQ(one.rowCount(), 1u);
      EXPECT_EQ(one.getInt64(0, 0), startBalance);
      EXPECT_TRUE(one.stats().onSnapshot);
   }
   reader.query("COMMIT");
   // A new statement sees what was committed meanwhile.
   kiln::Result after = reader.query("SELECT sum(balance), count(*) FROM accounts");
   EXPECT_EQ(after.getInt64(0, 0), total + 1 + 5 * 10 + 5 * 5 - startBalance);
   EXPECT_EQ(after.getInt64(0, 1), accounts + 5 - 1);
}

TEST(SnapshotIsolation, AnotherConnectionsOpenBlockIsNeverSeen) {
   kiln::Database db;
   makeAccounts(db);
   kiln::Connection writer(db), onReader(db), autoReader(db);
   onReader.query("SET snapshot_reads = on");
   auto state = [&](kiln::Connection& con) {
      kiln::Result r = con.query("SELECT count(*), sum(balance) FROM accounts");
      EXPECT_TRUE(r.stats().onSnapshot);
      return r.getString(0, 0) + "/" + r.getString(0, 1);
   };
   const std::string before = std::to_string(accounts) + "/" + std::to_string(total);

   // Inserted, updated, deleted and a table created in an open block: none of it is seen.
   writer.query("BEGIN");
   writer.query("INSERT INTO accounts VALUES (500, 7)");
   writer.query("UPDATE accounts SET balance = 0 WHERE id = 1");
   writer.query("DELETE FROM accounts WHERE id = 2");
   writer.query("CREATE TABLE pending (a INTEGER)");
   writer.query("INSERT INTO pending VALUES (1)");
   EXPECT_EQ(state(onReader), before);
   EXPECT_EQ(state(autoReader), before);  // auto: the block has the writer's turn
   EXPECT_EQ(sqlstateOf([&] { onReader.query("SELECT * FROM pending"); }), "42P01");
   EXPECT_EQ(sqlstateOf([&] { autoReader.query("SELECT * FROM pending"); }), "42P01");
   // The block itself sees its changes (it runs in the writer's turn).
   EXPECT_EQ(writer.query("SELECT count(*) FROM accounts").getInt64(0, 0), accounts);
   EXPECT_EQ(writer.query("SELECT count(*) FROM pending").getInt64(0, 0), 1);
   writer.query("ROLLBACK");
   EXPECT_EQ(state(onReader), before);
   EXPECT_EQ(sqlstateOf([&] { onReader.query("SELECT * FROM pending"); }), "42P01");
   EXPECT_EQ(autoReader.query("SELECT count(*), sum(balance) FROM accounts").getString(0, 1), std::to_string(total));

   // Committed: the next statement sees it.
   writer.query("BEGIN");
   writer.query("INSERT INTO accounts VALUES (500, 7)");
   writer.query("CREATE TABLE pending (a INTEGER)");
   EXPECT_EQ(state(onReader), before);
   writer.query("COMMIT");
   const std::string after = std::to_string(accounts + 1) + "/" + std::to_string(total + 7);
   EXPECT_EQ(state(onReader), after);
   EXPECT_EQ(autoReader.query("SELECT count(*), sum(balance) FROM accounts").getString(0, 1), std::to_string(total + 7));
   EXPECT_EQ(onReader.query("SELECT count(*) FROM pending").getInt64(0, 0), 0);

   // An autocommitted change too.
   writer.query("DELETE FROM accounts WHERE id = 500");
   EXPECT_EQ(state(onReader), before);
}

TEST(SnapshotIsolation, AReadNeverWaitsForAnotherConnectionsBlock) {
   kiln::Database db;
   makeAccounts(db);
   kiln::Connection holder(db), reader(db);
   reader.query("SET lock_timeout = '50ms'");
   auto early = reader.prepare("SELECT balance FROM accounts WHERE id = $1");
   holder.query("BEGIN");
   holder.query("UPDATE accounts SET balance = balance + 1 WHERE id = 1");
   // A change has to wait for the block, and gives up after lock_timeout...
   EXPECT_EQ(sqlstateOf([&] { reader.query("UPDATE accounts SET balance = 0 WHERE id = 2"); }), "55P03");
   // ...but reads of every kind run at once, on a snapshot.
   for (int i = 0; i < 3; ++i) {
      kiln::Result sum = reader.query("SELECT sum(balance) FROM accounts");
      EXPECT_EQ(sum.getInt64(0, 0), total);
      EXPECT_TRUE(sum.stats().onSnapshot);
   }
   kiln::Result explain = reader.query("EXPLAIN SELECT sum(balance) FROM accounts");
   EXPECT_TRUE(explain.stats().onSnapshot);
   EXPECT_EQ(explain.getString(explain.rowCount() - 1, 0).rfind("Runs on: a snapshot", 0), 0u) << explain.getString(explain.rowCount() - 1, 0);
   // A statement prepared before the block opened runs on a snapshot too.
   kiln::Result one = early.bind(1, int64_t(1)).execute();
   EXPECT_EQ(one.getInt64(0, 0), startBalance);
   EXPECT_TRUE(one.stats().onSnapshot);
   reader.query("BEGIN READ ONLY");
   EXPECT_EQ(reader.query("SELECT count(*) FROM accounts").getInt64(0, 0), accounts);
   EXPECT_EQ(early.bind(1, int64_t(2)).execute().getInt64(0, 0), startBalance);
   reader.query("COMMIT");
   EXPECT_EQ(reader.query("SELECT 1 FROM accounts WHERE id = 1; SELECT count(*) FROM accounts").getInt64(0, 0), accounts);
   holder.query("COMMIT");
   EXPECT_EQ(reader.query("SELECT sum(balance) FROM accounts").getInt64(0, 0), total + 1);
}

TEST(SnapshotIsolation, PreparingASelectNeverWaitsForAnotherConnectionsBlock) {
   // Connection::prepare of a SELECT binds and compiles it; nothing of that needs the writer's turn.
   kiln::Database db;
   makeAccounts(db);
   kiln::Connection holder(db), reader(db);
   reader.query("SET lock_timeout = '50ms'");
   holder.query("BEGIN");
   holder.query("UPDATE accounts SET balance = balance + 1 WHERE id = 1");
   std::string message;
   EXPECT_EQ(sqlstateOf([&] { reader.prepare("SELECT balance FROM accounts WHERE id = $1"); }, &message), "") << message;
   EXPECT_EQ(sqlstateOf([&] { reader.query("PREPARE p AS SELECT balance FROM accounts WHERE id = $1"); }, &message), "") << message;
   holder.query("ROLLBACK");
}

/// Runs `query` on `reader` while another thread commits single-row UPDATEs one after the other;
/// returns how many of them finished while the query ran.
int commitsDuring(kiln::Database& db, kiln::Connection& reader, const std::string& query, bool& onSnapshot, int64_t& count) {
   std::atomic<bool> queryRunning{false}, stop{false};
   std::atomic<int> during{0}, total{0};
   std::thread updater([&] {
      kiln::Connection con(db);
      auto update = con.prepare("UPDATE accounts SET balance = balance + 1 WHERE id = $1");
      for (int64_t i = 0; !stop.load(); ++i) {
         update.bind(1, 1 + i % accounts).execute();
         ++total;
         if (queryRunning.load()) ++during;
         // Paced: one this fast would keep a query waiting for the turn to start.
         std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
   });
   // The updater is under way before the query starts.
   kiln::snapshot_test::waitFor([&] { return total.load() >= 3; });
   queryRunning = true;
   kiln::Result result = reader.query(query);
   queryRunning = false;
   stop = true;
   updater.join();
   onSnapshot = result.stats().onSnapshot;
   count = result.getInt64(0, 0);
   return during.load();
}

TEST(SnapshotIsolation, ALongQueryOnASnapshotDoesNotHoldUpTransactions) {
   kiln::Database db;
   makeAccounts(db);
   kiln::Connection reader(db);
   reader.query("CREATE TABLE big (k INTEGER, v INTEGER)");
   reader.query("INSERT INTO big SELECT g, g % 100 FROM generate_series(1, 9000) AS s(g)");
   // A nested-loop join of 9,000 x 9,000 rows: a good part of a second.
   const std::string query = "SELECT count(*) FROM big a, big b WHERE a.v + b.v < a.k % 7";
   bool onSnapshot = false;
   int64_t count = 0;

   // Under auto the query is big enough for a snapshot: the updates go on all the while.
   int beside = commitsDuring(db, reader, query, onSnapshot, count);
   EXPECT_TRUE(onSnapshot);
   int64_t expected = count;
   EXPECT_GT(expected, 0);
   EXPECT_GE(beside, 30) << "commits while the query ran on a snapshot";

   // In the writer's turn it holds them up: at most the one under way when it started and one
   // that slips in between the query's end and the flag's.
   reader.query("SET snapshot_reads = off");
   int held = commitsDuring(db, reader, query, onSnapshot, count);
   EXPECT_FALSE(onSnapshot);
   EXPECT_EQ(count, expected);
   EXPECT_LE(held, 5) << "commits while the query ran in the writer's turn";
   std::printf("commits during the query: %d on a snapshot, %d in the writer's turn\n", beside, held);
}

}  // namespace
