// When a snapshot process fails: killed under a statement (SIGKILL), the statement fails with
// 58000 and the database, its other connections and the next statement go on (on a new
// snapshot), with no zombie left; past snapshot_memory_limit a query fails with 53200; cancel()
// and statement_timeout stop a statement on a snapshot with 57014 as in the writer's turn; the
// Database's end ends its snapshots. On disk, snapshots leave the files alone: a CHECKPOINT
// beside a snapshot query is fine and a reopen finds everything committed.
#include <gtest/gtest.h>

#include <signal.h>

#include <filesystem>
#include <memory>
#include <thread>

#include "../../directory_files.h"
#include "kiln/kiln.h"
#include "snapshot_processes.h"

namespace {

using namespace kiln::snapshot_test;

/// A nested-loop join of 40,000 x 40,000 rows: far longer than any test waits for it.
const std::string endless = "SELECT count(*) FROM t a, t b WHERE a.v + b.v < a.k % 7";

void makeTable(kiln::Connection& con, int rows = 40000) {
   con.query("CREATE TABLE t (k INTEGER, v INTEGER)");
   con.query("INSERT INTO t SELECT g, g % 100 FROM generate_series(1, " + std::to_string(rows) + ") AS s(g)");
}

/// Runs `sql` on `con` while another thread kills the snapshot process that appears for it (one
/// not among `before`; pass {} when the statement is to reuse the one idle snapshot, the only
/// child) with SIGKILL; returns the SQLSTATE and message it failed with.
std::pair<std::string, std::string> killedUnder(kiln::Connection& con, const std::string& sql, const std::set<pid_t>& before, pid_t* killed = nullptr) {
   pid_t victim = -1;
   std::thread killer([&] {
      victim = newChild(before);
      if (victim <= 0) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the statement under way
      ::kill(victim, SIGKILL);
   });
   std::string message;
   std::string state = sqlstateOf([&] { con.query(sql); }, &message);
   killer.join();
   EXPECT_GT(victim, 0) << "no snapshot process appeared";
   if (killed) *killed = victim;
   return {state, message};
}

TEST(SnapshotFault, AKilledSnapshotFailsItsStatementOnly) {
   kiln::Database db;
   kiln::Connection con(db), other(db);
   makeTable(con);
   con.query("SET snapshot_reads = on");
   con.query("SET statement_timeout = '60s'");  // should the kill not end it
   other.query("CREATE TABLE notes (n INTEGER)");
   pid_t killed = -1;
   auto [state, message] = killedUnder(con, endless, childPids(), &killed);
   EXPECT_EQ(state, "58000") << message;
   EXPECT_EQ(message, "the snapshot process running the statement was killed by signal 9 (SIGKILL)");
   EXPECT_EQ(db.snapshotStats().failures, 1u);

   // The database and the other connection are as they were.
   other.query("INSERT INTO notes VALUES (1)");
   EXPECT_EQ(other.query("SELECT count(*) FROM t").getInt64(0, 0), 40000);
   // The next statement gets a new snapshot, which holds the commit made since.
   uint64_t made = db.snapshotStats().made;
   kiln::Result next = con.query("SELECT count(*) FROM notes");
   EXPECT_EQ(next.getInt64(0, 0), 1);
   EXPECT_TRUE(next.stats().onSnapshot);
   EXPECT_EQ(db.snapshotStats().made, made + 1);
   EXPECT_EQ(con.query("SELECT sum(v) FROM t").getInt64(0, 0), 40000 / 100 * (99 * 100 / 2));

   // The killed process was waited for: no zombie.
   EXPECT_TRUE(waitFor([&] { return !childPids().count(killed); }, std::chrono::seconds(5))) << "pid " << killed << " still a child";
   EXPECT_TRUE(waitFor([] { return zombieCount() == 0; }, std::chrono::seconds(5))) << zombieCount() << " zombies";
}

TEST(SnapshotFault, AKilledSnapshotAbortsTheReadOnlyBlockThatHeldIt) {
   kiln::Database db;
   kiln::Connection con(db), writer(db);
   makeTable(con);
   con.query("BEGIN READ ONLY");
   std::set<pid_t> before = childPids();
   // The block's statements share one snapshot, made by the first: the kill ends the second.
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 40000);
   pid_t victim = newChild(before);
   ASSERT_GT(victim, 0);
   con.query("SET statement_timeout = '60s'");
   std::thread killer([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      ::kill(victim, SIGKILL);
   });
   std::string message;
   EXPECT_EQ(sqlstateOf([&] { con.query(endless); }, &message), "58000") << message;
   killer.join();
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT 1"); }), "25P02");
   con.query("ROLLBACK");
   writer.query("INSERT INTO t VALUES (0, 0)");
   con.query("BEGIN READ ONLY");
   kiln::Result again = con.query("SELECT count(*) FROM t");
   EXPECT_EQ(again.getInt64(0, 0), 40001);
   EXPECT_TRUE(again.stats().onSnapshot);
   con.query("COMMIT");
   EXPECT_TRUE(waitFor([] { return zombieCount() == 0; }, std::chrono::seconds(5))) << zombieCount() << " zombies";
}

TEST(SnapshotFault, AQueryPastTheSnapshotMemoryLimitFailsWith53200) {
   kiln::OpenOptions options;
   options.set("snapshot_memory_limit", "64MB");
   EXPECT_EQ(options.snapshotMemoryLimit, uint64_t(64) << 20);
   kiln::Database db(":memory:", options);
   kiln::Connection con(db), other(db);
   con.query("CREATE TABLE small (a INTEGER)");
   con.query("INSERT INTO small VALUES (1), (2), (3)");
   con.query("SET snapshot_reads = on");
   // 5 million rows of 100-byte strings, sorted: some 600 MB.
   const std::string big =
      "SELECT count(*) FROM (SELECT g, repeat('x', 100) || g AS s FROM generate_series(1, 5000000) AS r(g) ORDER BY s DESC OFFSET 1) AS sorted";
   std::string message;
   EXPECT_EQ(sqlstateOf([&] { con.query(big); }, &message), "53200") << message;
   // The connection, its next snapshot and the database are fine.
   kiln::Result after = con.query("SELECT sum(a) FROM small");
   EXPECT_EQ(after.getInt64(0, 0), 6);
   EXPECT_TRUE(after.stats().onSnapshot);
   other.query("INSERT INTO small VALUES (4)");
   EXPECT_EQ(con.query("SELECT sum(a) FROM small").getInt64(0, 0), 10);
   // A query within the limit runs.
   EXPECT_EQ(con.query("SELECT count(DISTINCT g % 1000) FROM generate_series(1, 200000) AS r(g)").getInt64(0, 0), 1000);
}

TEST(SnapshotFault, CancelStopsAStatementOnASnapshot) {
   kiln::Database db;
   kiln::Connection con(db);
   makeTable(con);
   con.query("SET snapshot_reads = on");
   std::set<pid_t> before = childPids();
   std::thread canceller([&] {
      // Once the statement has its snapshot (and has cleared earlier cancels).
      newChild(before);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      con.cancel();
   });
   std::string message;
   EXPECT_EQ(sqlstateOf([&] { con.query(endless); }, &message), "57014");
   canceller.join();
   EXPECT_EQ(message, "canceling statement due to user request");
   kiln::Result after = con.query("SELECT count(*) FROM t");
   EXPECT_EQ(after.getInt64(0, 0), 40000);
   EXPECT_TRUE(after.stats().onSnapshot);
   EXPECT_EQ(db.snapshotStats().failures, 0u);
}

TEST(SnapshotFault, StatementTimeoutStopsAStatementOnASnapshot) {
   kiln::Database db;
   kiln::Connection con(db), other(db);
   makeTable(con);
   con.query("SET statement_timeout = '300ms'");
   std::string message;
   // Under auto, with another connection open: the join is big enough for a snapshot.
   EXPECT_EQ(sqlstateOf([&] { con.query(endless); }, &message), "57014");
   EXPECT_EQ(message, "canceling statement due to statement timeout");
   EXPECT_GE(db.snapshotStats().queries, 1u);
   con.query("SET snapshot_reads = on");
   EXPECT_EQ(sqlstateOf([&] { con.query(endless); }, &message), "57014");
   EXPECT_EQ(message, "canceling statement due to statement timeout");
   con.query("SET statement_timeout = 0");
   kiln::Result after = con.query("SELECT count(*) FROM t");
   EXPECT_EQ(after.getInt64(0, 0), 40000);
   EXPECT_TRUE(after.stats().onSnapshot);
   // A prepared one too.
   con.query("SET statement_timeout = '300ms'");
   auto prepared = con.prepare("SELECT count(*) FROM t a, t b WHERE a.v + b.v < a.k % $1");
   EXPECT_EQ(sqlstateOf([&] { prepared.bind(1, int64_t(7)).execute(); }, &message), "57014");
   EXPECT_EQ(message, "canceling statement due to statement timeout");
}

TEST(SnapshotFault, DestroyingTheDatabaseEndsItsSnapshots) {
   std::set<pid_t> before = childPids();
   {
      auto db = std::make_unique<kiln::Database>();
      kiln::Connection blockReader(*db), reader(*db), writer(*db);
      writer.query("CREATE TABLE t (a INTEGER)");
      // One snapshot held by an open READ ONLY block, another made after a commit.
      blockReader.query("BEGIN READ ONLY");
      EXPECT_EQ(blockReader.query("SELECT count(*) FROM t").getInt64(0, 0), 0);
      writer.query("INSERT INTO t VALUES (1)");
      reader.query("SET snapshot_reads = on");
      EXPECT_EQ(reader.query("SELECT count(*) FROM t").getInt64(0, 0), 1);
      EXPECT_EQ(db->snapshotStats().alive, 2u);
      size_t alive = 0;
      for (pid_t pid : childPids()) alive += !before.count(pid);
      EXPECT_EQ(alive, 2u);
   }
   // Gone, and waited for, as soon as the Database is.
   std::set<pid_t> after = childPids();
   for (pid_t pid : after) EXPECT_TRUE(before.count(pid)) << "pid " << pid << " outlived its database";
   EXPECT_EQ(zombieCount(), 0);
}

TEST(SnapshotFault, ASnapshotRetiredByACommitLeavesNoZombie) {
   // An idle snapshot that a commit leaves behind is ended; it must be waited for too, also
   // when no snapshot query comes after.
   kiln::Database db;
   kiln::Connection reader(db), writer(db);
   writer.query("CREATE TABLE t (a INTEGER)");
   reader.query("SET snapshot_reads = on");
   for (int i = 0; i < 10; ++i) {
      writer.query("INSERT INTO t VALUES (" + std::to_string(i) + ")");
      EXPECT_EQ(reader.query("SELECT count(*) FROM t").getInt64(0, 0), i + 1);
   }
   EXPECT_LE(db.snapshotStats().alive, 1u);
   writer.query("INSERT INTO t VALUES (100)");
   EXPECT_EQ(db.snapshotStats().alive, 0u);
   EXPECT_TRUE(waitFor([] { return zombieCount() == 0; }, std::chrono::seconds(2))) << zombieCount() << " zombies";
}

std::string freshDirectory(const std::string& name) {
   auto path = std::filesystem::temp_directory_path() / ("kiln-snapshot-" + name + "-" + std::to_string(::getpid()));
   std::filesystem::remove_all(path);
   return path.string();
}

TEST(SnapshotOnDisk, SnapshotsBesideCheckpointsAndCommitsAndAReopenFindsEverything) {
   std::string directory = freshDirectory("disk");
   {
      kiln::Database db(directory);
      kiln::Connection writer(db), reader(db);
      makeTable(writer, 9000);
      writer.query("CREATE TABLE log (n INTEGER PRIMARY KEY, note TEXT)");
      const std::string join = "SELECT count(*) FROM t a, t b WHERE a.v + b.v < a.k % 7";
      writer.query("SET snapshot_reads = off");
      int64_t expected = writer.query(join).getInt64(0, 0);

      // A long query on a snapshot while the writer commits and checkpoints.
      std::set<pid_t> before = childPids();
      int64_t seen = -1;
      bool onSnapshot = false;
      std::thread query([&] {
         kiln::Result r = reader.query(join);
         seen = r.getInt64(0, 0);
         onSnapshot = r.stats().onSnapshot;
      });
      EXPECT_GT(newChild(before), 0);
      writer.query("INSERT INTO log VALUES (1, 'before the checkpoint')");
      writer.query("CHECKPOINT");
      writer.query("BEGIN");
      writer.query("INSERT INTO log SELECT g, 'in a block ' || g FROM generate_series(2, 1000) AS s(g)");
      writer.query("INSERT INTO t VALUES (0, 0)");
      writer.query("COMMIT");
      writer.query("CHECKPOINT");
      writer.query("INSERT INTO log VALUES (1001, 'after it')");
      query.join();
      EXPECT_TRUE(onSnapshot);
      EXPECT_EQ(seen, expected) << "the snapshot holds the table as it was";
      kiln::Result now = reader.query("SELECT count(*), max(note) FROM log");
      EXPECT_EQ(now.getInt64(0, 0), 1001);

      // Reads on snapshots (one killed under its statement) write nothing to the files.
      writer.query("CHECKPOINT");
      auto files = directoryFiles(directory);
      reader.query("SET snapshot_reads = on");
      for (int i = 0; i < 3; ++i) EXPECT_EQ(reader.query("SELECT count(*) FROM log").getInt64(0, 0), 1001);
      reader.query("BEGIN READ ONLY");
      EXPECT_EQ(reader.query("SELECT count(*) FROM t").getInt64(0, 0), 9001);
      reader.query("COMMIT");
      reader.query("SET statement_timeout = '60s'");
      ASSERT_EQ(children().size(), 1u) << "the idle snapshot, which the next query uses";
      auto [state, message] = killedUnder(reader, "SELECT count(*) FROM t a, t b, t c WHERE a.v + b.v < c.k % 7", {});
      EXPECT_EQ(state, "58000") << message;
      EXPECT_TRUE(files == directoryFiles(directory)) << "snapshots changed the database's files";
      writer.query("INSERT INTO log VALUES (1002, 'last')");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(con.query("SELECT count(*), min(n), max(n) FROM log").getString(0, 0), "1002");
   EXPECT_EQ(con.query("SELECT note FROM log WHERE n = 1002").getString(0, 0), "last");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 9001);
   con.query("SET snapshot_reads = on");
   kiln::Result reopened = con.query("SELECT count(*) FROM log WHERE note LIKE 'in a block%'");
   EXPECT_EQ(reopened.getInt64(0, 0), 999);
   EXPECT_TRUE(reopened.stats().onSnapshot);
   std::filesystem::remove_all(directory);
}

}  // namespace
