// Databases on disk: concurrent connections committing (group commit) all survive a reopen;
// checkpoints and the log recover together; a rolled-back transaction leaves nothing behind;
// timestamp, timestamptz and time columns and keys come back as they were (their infinities too); defaults and identity counters too; of a
// transaction with savepoints, only what ROLLBACK TO did not undo.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <thread>

#include "kiln/kiln.h"

namespace {

std::string freshDirectory(const std::string& name) {
   auto path = std::filesystem::temp_directory_path() / ("kiln-durability-" + name);
   std::filesystem::remove_all(path);
   return path.string();
}

TEST(Durability, ConcurrentCommitsAllSurvive) {
   std::string directory = freshDirectory("concurrent");
   {
      kiln::Database db(directory);
      kiln::Connection setup(db);
      setup.query("CREATE TABLE t (connection INTEGER, n INTEGER, PRIMARY KEY (connection, n))");
      std::vector<std::thread> writers;
      for (int c = 0; c < 4; ++c) {
         writers.emplace_back([&db, c] {
            kiln::Connection con(db);
            auto insert = con.prepare("INSERT INTO t VALUES ($1, $2)");
            for (int64_t n = 0; n < 200; ++n) insert.bind(1, int64_t(c)).bind(2, n).execute();
            con.query("BEGIN");
            for (int64_t n = 200; n < 210; ++n) insert.bind(1, int64_t(c)).bind(2, n).execute();
            con.query("COMMIT");
         });
      }
      for (auto& w : writers) w.join();
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 4 * 210);
   EXPECT_EQ(con.query("SELECT count(DISTINCT connection) FROM t").getInt64(0, 0), 4);
   std::filesystem::remove_all(directory);
}

TEST(Durability, ADatabaseIsOpenOnceAtATime) {
   // A second open would write logs and checkpoints beside the first's: it fails with 55006 and
   // changes nothing; once the first is closed, the database opens again.
   std::string directory = freshDirectory("in_use");
   {
      kiln::Database db(directory);
      kiln::Connection(db).query("CREATE TABLE t (a INTEGER)");
      kiln::Connection(db).query("CHECKPOINT");
      try {
         kiln::Database again(directory);
         FAIL() << "a database open elsewhere was opened again";
      } catch (const kiln::Error& error) {
         EXPECT_EQ(error.sqlstate(), "55006");
         EXPECT_NE(std::string(error.what()).find("in use by another process (PID "), std::string::npos) << error.what();
      }
      kiln::Connection(db).query("INSERT INTO t VALUES (1)");
   }
   kiln::Database db(directory);
   EXPECT_EQ(kiln::Connection(db).query("SELECT count(*) FROM t").getInt64(0, 0), 1);
   std::filesystem::remove_all(directory);
}

TEST(Durability, SynchronousCommitIsEachConnectionsOwn) {
   // Connections with synchronous commit and without commit at once; all their commits survive a
   // close, in order (the key makes a later insert of the same row fail).
   std::string directory = freshDirectory("mixed_commits");
   {
      kiln::Database db(directory);
      kiln::Connection setup(db);
      setup.query("CREATE TABLE t (connection INTEGER, n INTEGER, PRIMARY KEY (connection, n))");
      kiln::Connection other(db);
      other.query("SET synchronous_commit = off");
      EXPECT_EQ(other.query("SHOW synchronous_commit").getString(0, 0), "off");
      EXPECT_EQ(setup.query("SHOW synchronous_commit").getString(0, 0), "on");
      std::vector<std::thread> writers;
      for (int c = 0; c < 4; ++c) {
         writers.emplace_back([&db, c] {
            kiln::Connection con(db);
            if (c % 2) con.query("SET synchronous_commit = off");
            auto insert = con.prepare("INSERT INTO t VALUES ($1, $2)");
            for (int64_t n = 0; n < 300; ++n) insert.bind(1, int64_t(c)).bind(2, n).execute();
         });
      }
      for (auto& w : writers) w.join();
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 4 * 300);
   std::filesystem::remove_all(directory);
}

TEST(Durability, CheckpointAndLogRecoverTogether) {
   std::string directory = freshDirectory("checkpoint");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT)");
      con.query("INSERT INTO t VALUES (1, 'before'), (2, 'a string longer than twelve bytes')");
      con.query("CHECKPOINT");
      con.query("UPDATE t SET b = 'after' WHERE a = 1");
      con.query("DELETE FROM t WHERE a = 2");
      con.query("INSERT INTO t VALUES (3, 'three')");
      con.query("BEGIN; INSERT INTO t VALUES (4, 'rolled back'); ROLLBACK");
      con.query("CREATE INDEX t_b ON t (b)");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT a, b FROM t ORDER BY a");
   ASSERT_EQ(r.rowCount(), 2u);
   EXPECT_EQ(r.getString(0, 1), "after");
   EXPECT_EQ(r.getString(1, 1), "three");
   EXPECT_EQ(con.query("SELECT a FROM t WHERE b = 'three'").getInt64(0, 0), 3);
   EXPECT_THROW(con.query("INSERT INTO t VALUES (3, 'dup')"), kiln::Error);
   std::filesystem::remove_all(directory);
}

TEST(Durability, TimestampColumnsSurviveCheckpointAndLog) {
   std::string directory = freshDirectory("timestamp");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE log (at TIMESTAMP PRIMARY KEY, note TEXT)");
      con.query("INSERT INTO log VALUES ('2024-03-01 12:34:56.789', 'checkpointed'), ('1969-07-20 20:17:40', 'moon')");
      con.query("CHECKPOINT");
      con.query("INSERT INTO log VALUES ('2024-03-02 00:00:00.000001', 'logged')");
      con.query("UPDATE log SET at = at + INTERVAL '1 year' WHERE note = 'moon'");
      con.query("CREATE INDEX log_note ON log (note)");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT at, note FROM log ORDER BY at");
   ASSERT_EQ(r.rowCount(), 3u);
   EXPECT_EQ(r.getString(0, 0), "1970-07-20 20:17:40");
   EXPECT_EQ(r.getString(1, 0), "2024-03-01 12:34:56.789");
   EXPECT_EQ(r.getString(2, 0), "2024-03-02 00:00:00.000001");
   EXPECT_EQ(r.getString(2, 1), "logged");
   EXPECT_EQ(db.table("log").columns[0].type, kiln::SqlType::timestamp());
   EXPECT_THROW(con.query("INSERT INTO log VALUES ('2024-03-01 12:34:56.789', 'duplicate')"), kiln::Error);
   std::filesystem::remove_all(directory);
}

TEST(Durability, TimestampTzAndTimeColumnsSurviveCheckpointAndLog) {
   std::string directory = freshDirectory("timestamptz");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE shifts (starts TIMESTAMPTZ(2) PRIMARY KEY, length TIME, note TEXT)");
      con.query("INSERT INTO shifts VALUES ('2024-03-01 08:00:00.125+01', '08:00', 'checkpointed')");
      con.query("CHECKPOINT");
      con.query("INSERT INTO shifts VALUES ('2024-07-01 22:00 Europe/Berlin', '24:00', 'logged')");
      con.query("UPDATE shifts SET length = length + INTERVAL '30 minutes' WHERE note = 'checkpointed'");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT starts, length FROM shifts ORDER BY starts");
   ASSERT_EQ(r.rowCount(), 2u);
   EXPECT_EQ(r.getString(0, 0), "2024-03-01 07:00:00.13+00");
   EXPECT_EQ(r.getString(0, 1), "08:30:00");
   EXPECT_EQ(r.getString(1, 0), "2024-07-01 20:00:00+00");
   EXPECT_EQ(r.getString(1, 1), "24:00:00");
   EXPECT_EQ(db.table("shifts").columns[0].type, kiln::SqlType::timestampTz(2));
   EXPECT_EQ(db.table("shifts").columns[1].type, kiln::SqlType::time());
   std::filesystem::remove_all(directory);
}

TEST(Durability, InfinitiesSurviveCheckpointAndLog) {
   std::string directory = freshDirectory("infinity");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE ends (d DATE PRIMARY KEY, t TIMESTAMP, tz TIMESTAMPTZ)");
      con.query("INSERT INTO ends VALUES ('infinity', '-infinity', 'infinity')");
      con.query("CHECKPOINT");
      con.query("INSERT INTO ends VALUES ('-infinity', 'infinity', '-infinity'), ('2024-03-01', '2024-03-01', '2024-03-01 00:00+00')");
      con.query("UPDATE ends SET t = t + INTERVAL '1 day' WHERE d = '2024-03-01'");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT d, t, tz FROM ends ORDER BY d");
   ASSERT_EQ(r.rowCount(), 3u);
   EXPECT_EQ(r.getString(0, 0) + " " + r.getString(0, 1) + " " + r.getString(0, 2), "-infinity infinity -infinity");
   EXPECT_EQ(r.getString(1, 1), "2024-03-02 00:00:00");
   EXPECT_EQ(r.getString(2, 0) + " " + r.getString(2, 1) + " " + r.getString(2, 2), "infinity -infinity infinity");
   EXPECT_THROW(con.query("INSERT INTO ends VALUES ('infinity', NULL, NULL)"), kiln::Error);
   std::filesystem::remove_all(directory);
}

TEST(Durability, ArrayColumnsSurviveCheckpointAndLog) {
   std::string directory = freshDirectory("arrays");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE tags (id INTEGER PRIMARY KEY, names VARCHAR(5)[], scores NUMERIC(4,1)[])");
      con.query("INSERT INTO tags VALUES (1, '{a,\"b c\"}', '{1.5,NULL}')");
      con.query("CHECKPOINT");
      con.query("INSERT INTO tags VALUES (2, ARRAY['x'], ARRAY[2])");
      con.query("UPDATE tags SET names = names || 'd'::varchar WHERE id = 1");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT names, scores FROM tags ORDER BY id");
   ASSERT_EQ(r.rowCount(), 2u);
   EXPECT_EQ(r.getString(0, 0), "{a,\"b c\",d}");
   EXPECT_EQ(r.getString(0, 1), "{1.5,NULL}");
   EXPECT_EQ(r.getString(1, 0), "{x}");
   EXPECT_EQ(r.getString(1, 1), "{2.0}");
   EXPECT_EQ(db.table("tags").columns[1].type, kiln::SqlType::array(kiln::SqlType::varchar(5)));
   EXPECT_EQ(db.table("tags").columns[2].type, kiln::SqlType::array(kiln::SqlType::decimal(4, 1)));
   std::filesystem::remove_all(directory);
}

// A reopened database keeps its columns' defaults, and an identity column counts on from where
// it was (past the values the log replays) instead of handing out a taken key again.
TEST(Durability, DefaultsAndIdentityCountersSurvive) {
   std::string directory = freshDirectory("defaults");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (id SERIAL PRIMARY KEY, v TEXT DEFAULT 'x' || 'y', n INTEGER GENERATED ALWAYS AS IDENTITY)");
      con.query("INSERT INTO t (v) VALUES ('a'), ('b')");
      con.query("CHECKPOINT");
      con.query("INSERT INTO t DEFAULT VALUES");
      con.query("BEGIN");
      con.query("INSERT INTO t DEFAULT VALUES");
      con.query("ROLLBACK");
   }
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      kiln::Result r = con.query("INSERT INTO t DEFAULT VALUES RETURNING id, v, n");
      EXPECT_GE(r.getInt64(0, 0), 4);
      EXPECT_EQ(r.getString(0, 1), "xy");
      EXPECT_GE(r.getInt64(0, 2), 4);
      con.query("CHECKPOINT");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(con.query("SELECT count(*), count(DISTINCT id), count(DISTINCT n) FROM t").getString(0, 0), "4");
   EXPECT_EQ(con.query("SELECT count(DISTINCT id) FROM t").getInt64(0, 0), 4);
   kiln::Result r = con.query("INSERT INTO t (v) VALUES ('c') RETURNING id");
   EXPECT_GT(r.getInt64(0, 0), con.query("SELECT max(id) FROM t WHERE v <> 'c'").getInt64(0, 0));
   EXPECT_THROW(con.query("INSERT INTO t (n) VALUES (1)"), kiln::Error);
   std::filesystem::remove_all(directory);
}

TEST(Durability, OnlyChangesKeptBySavepointsReachTheLog) {
   std::string directory = freshDirectory("savepoints");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT)");
      con.query("INSERT INTO t VALUES (1, 'one'), (2, 'two')");
      con.query("BEGIN");
      con.query("INSERT INTO t VALUES (3, 'kept')");
      con.query("SAVEPOINT s");
      con.query("INSERT INTO t VALUES (4, 'undone'); UPDATE t SET b = 'undone' WHERE a = 1; DELETE FROM t WHERE a = 2");
      con.query("CREATE TABLE undone (x INTEGER); DROP TABLE t");
      con.query("ROLLBACK TO s");
      con.query("UPDATE t SET b = 'kept' WHERE a = 2");
      con.query("SAVEPOINT failing");
      EXPECT_THROW(con.query("INSERT INTO t VALUES (5, 'x'), (1, 'duplicate')"), kiln::Error);
      con.query("ROLLBACK TO failing");
      con.query("SAVEPOINT released; INSERT INTO t VALUES (6, 'released'); RELEASE released");
      con.query("COMMIT");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT a, b FROM t ORDER BY a");
   ASSERT_EQ(r.rowCount(), 4u);
   EXPECT_EQ(r.getInt64(0, 0), 1);
   EXPECT_EQ(r.getString(0, 1), "one");
   EXPECT_EQ(r.getString(1, 1), "kept");
   EXPECT_EQ(r.getInt64(2, 0), 3);
   EXPECT_EQ(r.getInt64(3, 0), 6);
   EXPECT_THROW(con.query("SELECT * FROM undone"), kiln::Error);
   // The recovered primary key knows the rows (and not the undone ones).
   con.query("INSERT INTO t VALUES (4, 'free again'), (5, 'free again')");
   EXPECT_THROW(con.query("INSERT INTO t VALUES (6, 'duplicate')"), kiln::Error);
   std::filesystem::remove_all(directory);
}

int64_t scalar(kiln::Connection& con, const std::string& sql) { return con.query(sql).getInt64(0, 0); }

// Sequences keep their state across a checkpoint and the log, also what a rolled back
// transaction took (nextval is not undone).
TEST(Durability, SequencesSurviveCheckpointAndLog) {
   std::string directory = freshDirectory("sequences");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE SEQUENCE kept INCREMENT 5");
      con.query("CREATE SEQUENCE dropped");
      con.query("CREATE TABLE t (id BIGINT DEFAULT nextval('kept') PRIMARY KEY)");
      con.query("INSERT INTO t DEFAULT VALUES");
      con.query("CHECKPOINT");
      con.query("INSERT INTO t DEFAULT VALUES");
      // Not undone by ROLLBACK, and logged then.
      con.query("BEGIN");
      con.query("INSERT INTO t DEFAULT VALUES");
      con.query("ROLLBACK");
      con.query("CREATE SEQUENCE later START 7");
      con.query("DROP SEQUENCE dropped");
      con.query("ALTER SEQUENCE later INCREMENT 2");
      // Rolled back as the last thing a session does: still not given again.
      con.query("CREATE SEQUENCE last_words");
      con.query("BEGIN");
      con.query("SELECT nextval('last_words')");
      con.query("ROLLBACK");
   }
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      EXPECT_EQ(scalar(con, "SELECT nextval('kept')"), 16);
      EXPECT_EQ(scalar(con, "SELECT nextval('later')"), 7);
      EXPECT_EQ(scalar(con, "SELECT nextval('last_words')"), 2);
      EXPECT_EQ(scalar(con, "SELECT nextval('later')"), 9);
      EXPECT_THROW(con.query("SELECT nextval('dropped')"), kiln::Error);
      con.query("INSERT INTO t DEFAULT VALUES");
      EXPECT_EQ(scalar(con, "SELECT max(id) FROM t"), 21);
      con.query("CHECKPOINT");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(scalar(con, "SELECT nextval('kept')"), 26);
   EXPECT_EQ(scalar(con, "SELECT nextval('later')"), 11);
   std::filesystem::remove_all(directory);
}

// ALTER COLUMN TYPE is logged with the converted values, and its indexes are made again on recovery.
TEST(Durability, ColumnTypeChangesSurviveTheLog) {
   std::string directory = freshDirectory("column_type");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT)");
      con.query("INSERT INTO t VALUES (1, '10'), (2, '20'), (3, '30')");
      con.query("DELETE FROM t WHERE id = 2");
      con.query("ALTER TABLE t ALTER COLUMN code TYPE BIGINT USING code::bigint * 2, ALTER COLUMN id TYPE SMALLINT");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   kiln::Result r = con.query("SELECT id, code FROM t ORDER BY id");
   ASSERT_EQ(r.rowCount(), 2u);
   EXPECT_EQ(r.getInt64(0, 1), 20);
   EXPECT_EQ(r.getInt64(1, 1), 60);
   EXPECT_EQ(db.table("t").columns[0].type, kiln::SqlType::smallInt());
   EXPECT_EQ(db.table("t").columns[1].type, kiln::SqlType::bigInt());
   EXPECT_THROW(con.query("INSERT INTO t VALUES (3, 0)"), kiln::Error);
   std::filesystem::remove_all(directory);
}

// Keys added by ALTER TABLE (as pg_dump writes them after the data) are there after the log.
TEST(Durability, AddedKeysSurviveTheLog) {
   std::string directory = freshDirectory("added_keys");
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (id INTEGER, code TEXT)");
      con.query("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
      con.query("ALTER TABLE t ADD CONSTRAINT t_pkey PRIMARY KEY (id), ADD UNIQUE (code)");
   }
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(db.table("t").primaryKey, std::vector<std::string>{"id"});
   EXPECT_TRUE(db.table("t").columns[0].notNull);
   EXPECT_THROW(con.query("INSERT INTO t VALUES (1, 'c')"), kiln::Error);
   EXPECT_THROW(con.query("INSERT INTO t VALUES (3, 'a')"), kiln::Error);
   con.query("INSERT INTO t VALUES (3, 'c')");
   std::filesystem::remove_all(directory);
}

/// name -> (primary key, constraint) of each unique index.
std::map<std::string, std::pair<bool, bool>> uniqueIndexKinds(const kiln::TableInfo& table) {
   std::map<std::string, std::pair<bool, bool>> kinds;
   for (auto& index : table.indexes)
      if (index.unique) kinds[index.name] = {index.primaryKey, index.constraint};
   return kinds;
}

// Whether a unique index is a primary key's, a UNIQUE constraint's or CREATE UNIQUE INDEX's comes
// back from a checkpoint and from the log, and so do the constraints a statement dropped.
TEST(Durability, ConstraintsOwningIndexesSurvive) {
   std::string directory = freshDirectory("constraint_indexes");
   const std::map<std::string, std::pair<bool, bool>> expected = {
      {"t_main", {true, true}}, {"t_code_key", {false, true}}, {"t_n_idx", {false, false}}, {"t_m_key", {false, true}}};
   {
      kiln::Database db(directory);
      kiln::Connection con(db);
      con.query("CREATE TABLE t (id INTEGER CONSTRAINT t_main PRIMARY KEY, code TEXT UNIQUE, n INTEGER, gone INTEGER UNIQUE)");
      con.query("CREATE UNIQUE INDEX t_n_idx ON t (n)");
      con.query("CHECKPOINT");
      con.query("ALTER TABLE t ADD COLUMN m INTEGER UNIQUE, DROP CONSTRAINT t_gone_key");
      EXPECT_EQ(uniqueIndexKinds(db.table("t")), expected);
   }
   for (bool checkpoint : {false, true}) {
      kiln::Database db(directory);
      kiln::Connection con(db);
      EXPECT_EQ(uniqueIndexKinds(db.table("t")), expected) << (checkpoint ? "from a checkpoint" : "from the log");
      EXPECT_THROW(con.query("DROP INDEX t_main"), kiln::Error);
      EXPECT_THROW(con.query("DROP INDEX t_m_key"), kiln::Error);
      EXPECT_THROW(con.query("ALTER TABLE t DROP CONSTRAINT t_n_idx"), kiln::Error);
      if (!checkpoint) con.query("CHECKPOINT");
   }
   std::filesystem::remove_all(directory);
}

}  // namespace
