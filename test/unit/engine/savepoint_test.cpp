// Savepoints through the embedded API: ROLLBACK TO after an error makes the block usable again,
// nested and repeated savepoints, RELEASE, DDL undone (and prepared statements bound again).
// Their durability is tested with the other databases on disk (durability_test.cpp).
#include <gtest/gtest.h>

#include "kiln/kiln.h"

namespace {

struct SavepointTest : ::testing::Test {
   kiln::Database db;
   kiln::Connection con{db};
   void SetUp() override { con.query("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT)"); }

   std::string sqlstateOf(const std::string& sql) {
      try {
         con.query(sql);
      } catch (const kiln::Error& e) {
         return e.sqlstate();
      }
      return "no error";
   }
   std::vector<int64_t> keys(const std::string& table = "t") {
      kiln::Result r = con.query("SELECT a FROM " + table + " ORDER BY a");
      std::vector<int64_t> result;
      for (size_t i = 0; i < r.rowCount(); ++i) result.push_back(r.getInt64(i, 0));
      return result;
   }
};

TEST_F(SavepointTest, OnlyInTransactionBlocks) {
   EXPECT_EQ(sqlstateOf("SAVEPOINT a"), "25P01");
   EXPECT_EQ(sqlstateOf("ROLLBACK TO a"), "25P01");
   EXPECT_EQ(sqlstateOf("RELEASE SAVEPOINT a"), "25P01");
   try {
      con.query("ROLLBACK TO SAVEPOINT a");
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.message(), "ROLLBACK TO SAVEPOINT can only be used in transaction blocks");
   }
}

TEST_F(SavepointTest, RollbackToAfterAnErrorClearsTheAbortedState) {
   con.query("BEGIN");
   con.query("INSERT INTO t VALUES (1, 'kept')");
   con.query("SAVEPOINT before_retry");
   con.query("INSERT INTO t VALUES (2, 'undone')");
   EXPECT_EQ(sqlstateOf("INSERT INTO t VALUES (1, 'duplicate')"), "23505");
   EXPECT_EQ(sqlstateOf("SELECT 1"), "25P02");
   EXPECT_EQ(sqlstateOf("SAVEPOINT other"), "25P02");
   EXPECT_EQ(sqlstateOf("RELEASE before_retry"), "25P02");
   // An unknown name fails and leaves the block aborted.
   EXPECT_EQ(sqlstateOf("ROLLBACK TO nope"), "3B001");
   EXPECT_EQ(sqlstateOf("SELECT 1"), "25P02");
   kiln::Result tag = con.query("ROLLBACK TO before_retry");
   EXPECT_EQ(tag.statusTag(), "ROLLBACK");
   con.query("INSERT INTO t VALUES (3, 'retried')");
   EXPECT_EQ(con.query("COMMIT").statusTag(), "COMMIT");
   EXPECT_EQ(keys(), (std::vector<int64_t>{1, 3}));
}

TEST_F(SavepointTest, NestedSavepointsAndRelease) {
   con.query("BEGIN; SAVEPOINT outer_sp; INSERT INTO t VALUES (1, 'one'), (2, 'two'); SAVEPOINT inner_sp");
   con.query("UPDATE t SET b = 'uno' WHERE a = 1; DELETE FROM t WHERE a = 2; INSERT INTO t VALUES (3, 'three')");
   con.query("ROLLBACK TO inner_sp");
   EXPECT_EQ(keys(), (std::vector<int64_t>{1, 2}));
   EXPECT_EQ(con.query("SELECT b FROM t WHERE a = 1").getString(0, 0), "one");
   // The savepoint stays: it can be rolled back to again.
   con.query("INSERT INTO t VALUES (3, 'three')");
   con.query("ROLLBACK TO SAVEPOINT inner_sp");
   EXPECT_EQ(keys(), (std::vector<int64_t>{1, 2}));
   // RELEASE keeps the changes and destroys the savepoint and the later ones.
   con.query("SAVEPOINT later; INSERT INTO t VALUES (4, 'four')");
   EXPECT_EQ(con.query("RELEASE inner_sp").statusTag(), "RELEASE");
   EXPECT_EQ(keys(), (std::vector<int64_t>{1, 2, 4}));
   EXPECT_EQ(sqlstateOf("ROLLBACK TO later"), "3B001");
   con.query("ROLLBACK TO outer_sp");
   EXPECT_EQ(keys(), (std::vector<int64_t>{}));
   // ROLLBACK TO destroys the savepoints set after it.
   con.query("SAVEPOINT s1; SAVEPOINT s2; ROLLBACK TO s1");
   EXPECT_EQ(sqlstateOf("RELEASE s2"), "3B001");
   con.query("ROLLBACK TO s1; INSERT INTO t VALUES (5, 'five'); COMMIT");
   EXPECT_EQ(keys(), (std::vector<int64_t>{5}));
   // A new transaction starts without savepoints.
   con.query("BEGIN");
   EXPECT_EQ(sqlstateOf("ROLLBACK TO s1"), "3B001");
   con.query("ROLLBACK");
}

TEST_F(SavepointTest, RepeatedNamesMeanTheNewest) {
   con.query("BEGIN; SAVEPOINT x; INSERT INTO t VALUES (1, 'one'); SAVEPOINT x; INSERT INTO t VALUES (2, 'two')");
   con.query("ROLLBACK TO x");
   EXPECT_EQ(keys(), (std::vector<int64_t>{1}));
   con.query("RELEASE x");
   con.query("ROLLBACK TO x");
   EXPECT_EQ(keys(), (std::vector<int64_t>{}));
   con.query("RELEASE x");
   EXPECT_EQ(sqlstateOf("RELEASE x"), "3B001");
   con.query("ROLLBACK");
}

TEST_F(SavepointTest, RollbackToUndoesDdl) {
   con.query("INSERT INTO t VALUES (1, 'one')");
   con.query("CREATE TABLE gone (x INTEGER)");
   con.query("BEGIN; SAVEPOINT ddl");
   con.query("CREATE TABLE created (x INTEGER); INSERT INTO created VALUES (1)");
   con.query("DROP TABLE gone; CREATE INDEX t_b ON t (b); CREATE VIEW v AS SELECT a FROM t");
   con.query("ROLLBACK TO ddl");
   EXPECT_EQ(sqlstateOf("SELECT * FROM created"), "42P01");
   con.query("ROLLBACK TO ddl");
   EXPECT_EQ(sqlstateOf("SELECT * FROM v"), "42P01");
   con.query("ROLLBACK TO ddl");
   EXPECT_EQ(con.query("SELECT count(*) FROM gone").getInt64(0, 0), 0);
   con.query("CREATE INDEX t_b ON t (b)");
   con.query("COMMIT");
   EXPECT_EQ(sqlstateOf("CREATE TABLE gone (x INTEGER)"), "42P07");
   EXPECT_EQ(sqlstateOf("CREATE INDEX t_b ON t (b)"), "42P07");
}

TEST_F(SavepointTest, PreparedStatementsBindAgainAfterRollbackToUndidDdl) {
   con.query("INSERT INTO t VALUES (1, 'original'), (2, 'original')");
   auto lookup = con.prepare("SELECT count(*) FROM t WHERE b = $1");
   EXPECT_EQ(lookup.bind(1, "original").execute().getInt64(0, 0), 2);
   con.query("BEGIN; SAVEPOINT ddl");
   // The statement is bound against a different table t, which ROLLBACK TO then drops again.
   con.query("DROP TABLE t; CREATE TABLE t (b TEXT, a INTEGER); INSERT INTO t VALUES ('replacement', 1)");
   EXPECT_EQ(lookup.bind(1, "original").execute().getInt64(0, 0), 0);
   EXPECT_EQ(lookup.bind(1, "replacement").execute().getInt64(0, 0), 1);
   auto countAll = con.prepare("SELECT count(*) FROM t");
   con.query("CREATE TABLE u (x INTEGER)");
   auto onCreated = con.prepare("SELECT count(*) FROM u");
   con.query("ROLLBACK TO ddl");
   EXPECT_EQ(lookup.bind(1, "original").execute().getInt64(0, 0), 2);
   EXPECT_EQ(lookup.bind(1, "replacement").execute().getInt64(0, 0), 0);
   EXPECT_EQ(countAll.execute().getInt64(0, 0), 2);
   try {
      onCreated.execute();
      ADD_FAILURE() << "u was rolled back";
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), "42P01");
   }
   con.query("ROLLBACK TO ddl");  // the failure aborted the block
   con.query("COMMIT");
   EXPECT_EQ(lookup.bind(1, "original").execute().getInt64(0, 0), 2);
}

}  // namespace
