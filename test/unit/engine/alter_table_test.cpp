// ALTER TABLE on a database on disk survives a reopen, recovered from the log and from a
// checkpoint image; a rolled-back ALTER leaves nothing behind. Prepared statements compiled
// before an ALTER are bound again and read the right columns.
#include <gtest/gtest.h>

#include <filesystem>

#include "kiln/kiln.h"

namespace {

std::string freshDirectory(const std::string& name) {
   auto path = std::filesystem::temp_directory_path() / ("kiln-alter-" + name);
   std::filesystem::remove_all(path);
   return path.string();
}

/// Changes made around a checkpoint (when `checkpoint`), then checked after a reopen.
void alterAndReopen(const std::string& name, bool checkpoint) {
   std::string directory = freshDirectory(name);
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c INTEGER)");
      con.query("CREATE INDEX t_c ON t (c)");
      con.query("INSERT INTO t VALUES (1, 'one', 10), (2, 'a string longer than twelve bytes', 20)");
      con.query("ALTER TABLE t ADD COLUMN id SERIAL, ADD COLUMN r DOUBLE PRECISION DEFAULT random()");
      con.query("ALTER TABLE t DROP COLUMN b");
      if (checkpoint) con.query("CHECKPOINT");
      con.query("ALTER TABLE t RENAME COLUMN c TO num");
      con.query("BEGIN; ALTER TABLE t DROP COLUMN num; ALTER TABLE t ADD COLUMN gone INTEGER; ROLLBACK");
      con.query("ALTER TABLE t ADD COLUMN d TEXT DEFAULT 'dflt' NOT NULL");
      con.query("INSERT INTO t (a, num) VALUES (3, 30)");
      con.query("ALTER TABLE t RENAME TO u");
      con.query("ALTER TABLE u ALTER COLUMN num SET DEFAULT 7, ALTER COLUMN d DROP NOT NULL, ALTER COLUMN r SET NOT NULL");
      con.query("BEGIN; ALTER TABLE u ALTER COLUMN num DROP DEFAULT, ALTER COLUMN d SET NOT NULL; ROLLBACK");
      if (checkpoint) con.query("CHECKPOINT");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT a, num, id, d, r >= 0 AND r < 1 FROM u ORDER BY a");
   ASSERT_EQ(r.rowCount(), 3u);
   ASSERT_EQ(r.columnCount(), 5u);
   EXPECT_EQ(r.getInt64(1, 1), 20);
   EXPECT_EQ(r.getInt64(2, 2), 3);  // the identity counter went on past the recovered values
   EXPECT_EQ(r.getString(0, 3), "dflt");
   EXPECT_TRUE(r.getBool(0, 4));
   EXPECT_TRUE(r.isNull(2, 4) || r.getBool(2, 4));
   EXPECT_EQ(con.query("SELECT count(*) FROM u").columnCount(), 1u);
   EXPECT_EQ(con.query("SELECT * FROM u").columnCount(), 5u);
   EXPECT_EQ(con.query("SELECT a FROM u WHERE num = 30").getInt64(0, 0), 3);  // through the index t_c
   EXPECT_THROW(con.query("SELECT * FROM t"), kiln::Error);
   EXPECT_THROW(con.query("SELECT gone FROM u"), kiln::Error);
   EXPECT_THROW(con.query("INSERT INTO u (a, num) VALUES (3, 0)"), kiln::Error);  // the primary key
   con.query("INSERT INTO u (a, num) VALUES (4, 40)");
   EXPECT_EQ(con.query("SELECT id FROM u WHERE a = 4").getInt64(0, 0), 5);  // the failed INSERT took 4, as a sequence would
   con.query("INSERT INTO u (a, d) VALUES (5, NULL)");
   EXPECT_EQ(con.query("SELECT num FROM u WHERE a = 5").getInt64(0, 0), 7);
   EXPECT_THROW(con.query("INSERT INTO u (a, r) VALUES (6, NULL)"), kiln::Error);
   std::filesystem::remove_all(directory);
}

TEST(AlterTable, SurvivesRecoveryFromTheLog) { alterAndReopen("log", false); }

TEST(AlterTable, SurvivesRecoveryFromACheckpoint) { alterAndReopen("checkpoint", true); }

TEST(AlterTable, PreparedStatementsBindAgain) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER, b TEXT, c INTEGER)");
   con.query("INSERT INTO t VALUES (1, 'one', 10)");
   auto select = con.prepare("SELECT * FROM t WHERE a = $1");
   auto readC = con.prepare("SELECT c FROM t WHERE a = $1");
   auto insert = con.prepare("INSERT INTO t (a, c) VALUES ($1, $2)");
   EXPECT_EQ(select.bind(1, int64_t(1)).execute().columnCount(), 3u);
   EXPECT_EQ(readC.bind(1, int64_t(1)).execute().getInt64(0, 0), 10);
   con.query("ALTER TABLE t DROP COLUMN b");
   kiln::Result all = select.bind(1, int64_t(1)).execute();
   ASSERT_EQ(all.columnCount(), 2u);
   EXPECT_EQ(all.getInt64(0, 1), 10);
   EXPECT_EQ(readC.bind(1, int64_t(1)).execute().getInt64(0, 0), 10);
   insert.bind(1, int64_t(2)).bind(2, int64_t(20)).execute();
   con.query("ALTER TABLE t ADD COLUMN d TEXT DEFAULT 'x'");
   insert.bind(1, int64_t(3)).bind(2, int64_t(30)).execute();
   kiln::Result three = select.bind(1, int64_t(3)).execute();
   ASSERT_EQ(three.columnCount(), 3u);
   EXPECT_EQ(three.getInt64(0, 1), 30);
   EXPECT_EQ(three.getString(0, 2), "x");
   con.query("ALTER TABLE t RENAME COLUMN c TO renamed");
   EXPECT_THROW(readC.bind(1, int64_t(1)).execute(), kiln::Error);
   // A rollback brings the column back, and the statement finds it again.
   con.query("BEGIN; ALTER TABLE t RENAME COLUMN renamed TO c; ALTER TABLE t DROP COLUMN d");
   EXPECT_EQ(readC.bind(1, int64_t(2)).execute().getInt64(0, 0), 20);
   con.query("ROLLBACK");
   EXPECT_THROW(readC.bind(1, int64_t(1)).execute(), kiln::Error);
   EXPECT_EQ(select.bind(1, int64_t(2)).execute().getString(0, 2), "x");
}

}  // namespace
