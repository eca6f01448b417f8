// Recovery of damaged databases: damage that a crash cannot leave keeps the database from opening
// with XX001, naming the file, the byte and what can be restored, and changes no file; forced,
// recovery restores what comes before the damage and moves the files it did not use aside,
// unchanged. What a crash leaves (an unfinished record at the end of the newest log file) is cut.
// Checkpoints are also written by time and by the size of the log.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "../../directory_files.h"
#include "kiln/kiln.h"
#include "storage/redo_log_reader.h"

namespace {

namespace fs = std::filesystem;

class RecoveryTest : public ::testing::Test {
   protected:
   void SetUp() override {
      directory_ = (fs::temp_directory_path() / ("kiln-recovery-test-" + std::to_string(::getpid()))).string();
      fs::remove_all(directory_);
   }
   void TearDown() override { fs::remove_all(directory_); }

   /// Runs each statement in a session of its own (a session opens, commits and closes).
   void session(const std::vector<std::string>& statements, const kiln::OpenOptions& options = {}) {
      kiln::Database db(directory_, options);
      kiln::Connection con(db);
      for (const std::string& sql : statements) con.query(sql);
   }
   int64_t count(const std::string& sql, const kiln::OpenOptions& options = {}) {
      kiln::Database db(directory_, options);
      return kiln::Connection(db).query(sql).getInt64(0, 0);
   }
   void overwrite(const std::string& file, uint64_t offset, const std::string& bytes) {
      std::fstream out(directory_ + "/" + file, std::ios::in | std::ios::out | std::ios::binary);
      out.seekp(std::streamoff(offset));
      out.write(bytes.data(), std::streamsize(bytes.size()));
   }
   /// The error opening the database gives; fails the test when it opens.
   kiln::Error openError() {
      try {
         kiln::Database db(directory_);
      } catch (const kiln::Error& error) {
         return error;
      }
      ADD_FAILURE() << "the damaged database opened";
      return kiln::Error("00000", "");
   }
   /// The folder a forced recovery moved files into.
   std::string asideFolder() const {
      for (auto& entry : fs::directory_iterator(directory_))
         if (entry.is_directory() && entry.path().filename().string().rfind("damaged-", 0) == 0) return entry.path().string();
      return {};
   }

   std::string directory_;
};

TEST_F(RecoveryTest, DamageInAnOlderLogFileKeepsTheDatabaseClosedAndChangesNothing) {
   session({"CREATE TABLE a (id int PRIMARY KEY, v text)", "INSERT INTO a SELECT g, 'v'||g FROM generate_series(1,2000) g"});
   for (int i = 1; i <= 3; ++i)
      session({"INSERT INTO a SELECT g, 'x' FROM generate_series(" + std::to_string(i * 100000) + ", " + std::to_string(i * 100000 + 50000) + ") g"});
   EXPECT_EQ(count("SELECT count(*) FROM a"), 152003);
   overwrite("wal.1", 200, "\xde\xad\xbe\xef");
   auto damaged = directoryFiles(directory_);
   kiln::Error error = openError();
   EXPECT_EQ(error.sqlstate(), "XX001");
   EXPECT_NE(error.message().find("wal.1\" is damaged at byte "), std::string::npos) << error.message();
   EXPECT_NE(error.detail().find("Recovery can restore 1 transaction, up to the one committed at "), std::string::npos) << error.detail();
   EXPECT_NE(error.detail().find("4 later log files holding 3 whole transactions"), std::string::npos) << error.detail();
   EXPECT_NE(error.hint().find("--force-recovery"), std::string::npos);
   EXPECT_EQ(directoryFiles(directory_), damaged);
   kiln::Error again = openError();  // and again: nothing was cut or removed
   EXPECT_EQ(again.message(), error.message());
   EXPECT_EQ(directoryFiles(directory_), damaged);

   // Forced: the table as its first transaction made it, the files aside as they were.
   kiln::OpenOptions force;
   force.forceRecovery = true;
   {
      kiln::Database db(directory_, force);
      std::string report = db.recoveryReport();
      EXPECT_NE(report.find("was damaged: log file"), std::string::npos) << report;
      EXPECT_NE(report.find("moved, unchanged, into"), std::string::npos) << report;
      kiln::Connection con(db);
      EXPECT_EQ(con.query("SELECT count(*) FROM a").getInt64(0, 0), 0);
      con.query("INSERT INTO a VALUES (1, 'after')");
   }
   std::string aside = asideFolder();
   ASSERT_FALSE(aside.empty());
   EXPECT_EQ(directoryFiles(aside), damaged);
   EXPECT_EQ(count("SELECT count(*) FROM a"), 1);
   EXPECT_EQ(kiln::Database(directory_).recoveryReport(), "");
}

TEST_F(RecoveryTest, DamageInsideTheNewestFilesOneLargeRecordIsNotCut) {
   session({"CREATE TABLE big (id int, v text)", "INSERT INTO big SELECT g, 'value ' || g FROM generate_series(1, 200000) g"});
   auto intact = directoryFiles(directory_);
   std::string newest;
   for (auto& [name, bytes] : intact)
      if (name.rfind("wal.", 0) == 0 && bytes.size() > 1'000'000) newest = name;
   ASSERT_FALSE(newest.empty());
   overwrite(newest, intact[newest].size() / 2, "\xde\xad\xbe\xef");
   auto damaged = directoryFiles(directory_);
   EXPECT_EQ(openError().sqlstate(), "XX001");
   EXPECT_EQ(directoryFiles(directory_), damaged);
}

TEST_F(RecoveryTest, AnUnfinishedRecordAtTheEndOfTheNewestLogFileIsCut) {
   session({"CREATE TABLE t (a int)", "INSERT INTO t VALUES (1), (2)"});
   std::string newest = directory_ + "/wal.1";
   kiln::RedoLogScan scan = kiln::scanRedoLog(newest, 1);
   ASSERT_EQ(scan.end, kiln::RedoLogEnd::Clean);
   // A record whose header and part of its payload reached the disk.
   overwrite("wal.1", scan.goodEnd, std::string("\x40\x00\x00\x00\x12\x34\x56\x78partial", 15));
   EXPECT_EQ(count("SELECT count(*) FROM t"), 2);
   EXPECT_EQ(fs::file_size(newest), scan.goodEnd);
   // Now that later files follow, the same in wal.1 would be damage.
   overwrite("wal.1", scan.goodEnd, std::string("\x40\x00\x00\x00\x12\x34\x56\x78partial", 15));
   EXPECT_EQ(openError().sqlstate(), "XX001");
}

TEST_F(RecoveryTest, AMissingLogFileOrCheckpointIsDamage) {
   session({"CREATE TABLE t (a int)"});
   session({"INSERT INTO t VALUES (1)"});
   session({"INSERT INTO t VALUES (2)"});
   fs::remove(directory_ + "/wal.2");
   kiln::Error missing = openError();
   EXPECT_EQ(missing.sqlstate(), "XX001");
   EXPECT_NE(missing.message().find("wal.2\" is missing"), std::string::npos) << missing.message();
   fs::remove_all(directory_);

   session({"CREATE TABLE t (a int)", "INSERT INTO t VALUES (1)", "CHECKPOINT", "INSERT INTO t VALUES (2)", "CHECKPOINT", "INSERT INTO t VALUES (3)"});
   EXPECT_EQ(count("SELECT count(*) FROM t"), 3);
   for (auto& [name, bytes] : directoryFiles(directory_))
      if (name.rfind("checkpoint.", 0) == 0) fs::remove(directory_ + "/" + name);
   kiln::Error noCheckpoint = openError();
   EXPECT_EQ(noCheckpoint.sqlstate(), "XX001");
   EXPECT_NE(noCheckpoint.message().find("checkpoint"), std::string::npos) << noCheckpoint.message();
}

TEST_F(RecoveryTest, ADamagedNewestCheckpointIsRecoveredWholeFromThePreviousOneWhenForced) {
   session({"CREATE TABLE t (a int)", "INSERT INTO t VALUES (1)", "CHECKPOINT", "INSERT INTO t VALUES (2)", "CHECKPOINT", "INSERT INTO t VALUES (3)"});
   std::string newest;
   for (auto& [name, bytes] : directoryFiles(directory_))
      if (name.rfind("checkpoint.", 0) == 0 && (newest.empty() || std::stoi(name.substr(11)) > std::stoi(newest.substr(11)))) newest = name;
   overwrite(newest, 30, "\xde\xad\xbe\xef");
   auto damaged = directoryFiles(directory_);
   kiln::Error error = openError();
   EXPECT_EQ(error.sqlstate(), "XX001");
   EXPECT_NE(error.message().find(newest), std::string::npos) << error.message();
   EXPECT_NE(error.detail().find("Every transaction in the log can be restored"), std::string::npos) << error.detail();
   EXPECT_EQ(directoryFiles(directory_), damaged);
   kiln::OpenOptions force;
   force.forceRecovery = true;
   EXPECT_EQ(count("SELECT count(*) FROM t", force), 3);
   EXPECT_EQ(count("SELECT count(*) FROM t"), 3);
}

TEST_F(RecoveryTest, CheckpointsComeByTimeAndByLogSize) {
   auto checkpoints = [&] {
      int n = 0;
      for (auto& [name, bytes] : directoryFiles(directory_)) n += name.rfind("checkpoint.", 0) == 0;
      return n;
   };
   kiln::OpenOptions bySize;
   bySize.maxWalSize = uint64_t(2) << 20;
   {
      kiln::Database db(directory_, bySize);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (a int, b text)");
      for (int i = 0; i < 20 && checkpoints() == 0; ++i) con.query("INSERT INTO t SELECT g, repeat('x', 100) FROM generate_series(1, 10000) g");
      EXPECT_GT(checkpoints(), 0);
   }
   fs::remove_all(directory_);
   kiln::OpenOptions byTime;
   byTime.checkpointTimeout = std::chrono::seconds(1);
   {
      kiln::Database db(directory_, byTime);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (a int)");
      EXPECT_EQ(checkpoints(), 0);
      std::this_thread::sleep_for(std::chrono::milliseconds(1100));
      con.query("INSERT INTO t VALUES (1)");
      con.query("INSERT INTO t VALUES (2)");  // sees the checkpoint through
   }
   EXPECT_GT(checkpoints(), 0);
   EXPECT_EQ(count("SELECT count(*) FROM t"), 2);
}

TEST_F(RecoveryTest, CheckpointSettingsReadAsPostgreSQLsAndCannotBeSet) {
   kiln::OpenOptions options;
   options.set("checkpoint_timeout", "90s");
   options.set("max_wal_size", "2GB");
   EXPECT_EQ(options.checkpointTimeout, std::chrono::seconds(90));
   EXPECT_EQ(options.maxWalSize, uint64_t(2) << 30);
   options.set("checkpoint_timeout", "2min");
   options.set("max_wal_size", "64");
   EXPECT_EQ(options.checkpointTimeout, std::chrono::seconds(120));
   EXPECT_EQ(options.maxWalSize, uint64_t(64) << 20);
   for (auto [name, value] : {std::pair{"checkpoint_timeout", "10"}, {"checkpoint_timeout", "5 fortnights"}, {"max_wal_size", "1MB"}}) {
      try {
         options.set(name, value);
         ADD_FAILURE() << name << " took " << value;
      } catch (const kiln::Error& error) {
         EXPECT_EQ(error.sqlstate(), "22023");
      }
   }
   kiln::Database db(directory_, options);
   kiln::Connection con(db);
   EXPECT_EQ(con.query("SHOW checkpoint_timeout").getString(0, 0), "2min");
   EXPECT_EQ(con.query("SHOW max_wal_size").getString(0, 0), "64MB");
   try {
      con.query("SET checkpoint_timeout = '1min'");
      ADD_FAILURE() << "SET checkpoint_timeout was taken";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "55P02");
   }
}

}  // namespace
