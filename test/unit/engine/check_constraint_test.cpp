// CHECK constraints: their messages as PostgreSQL's, a prepared INSERT made before a constraint
// was added, and constraints that survive a reopen, replayed from the redo log and read from a
// checkpoint (ADD and DROP CONSTRAINT and RENAME COLUMN included; a renamed column's constraints keep their names).
#include <gtest/gtest.h>

#include "constraint_test_support.h"

namespace {

using kiln::testing::failure;

TEST(CheckConstraints, MessagesAsPostgreSQLs) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER CHECK (a > 0), b INTEGER, CHECK (a < b))");
   EXPECT_EQ(failure(con, "INSERT INTO t VALUES (0, 5)"), "23514: new row for relation \"t\" violates check constraint \"t_a_check\"");
   EXPECT_EQ(failure(con, "INSERT INTO t VALUES (5, 1)"), "23514: new row for relation \"t\" violates check constraint \"t_check\"");
   con.query("INSERT INTO t VALUES (1, 5), (NULL, NULL)");
   EXPECT_EQ(failure(con, "ALTER TABLE t ADD CONSTRAINT big CHECK (b > 3)"), "");
   EXPECT_EQ(failure(con, "ALTER TABLE t ADD CONSTRAINT huge CHECK (b > 10)"), "23514: check constraint \"huge\" of relation \"t\" is violated by some row");
   EXPECT_EQ(failure(con, "ALTER TABLE t DROP CONSTRAINT huge"), "42704: constraint \"huge\" of relation \"t\" does not exist");
   EXPECT_EQ(failure(con, "CREATE TABLE u (a INTEGER CHECK (a IN (SELECT 1)))"), "0A000: cannot use subquery in check constraint");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 2);
}

TEST(CheckConstraints, PreparedInsertSeesAnAddedConstraint) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER)");
   auto insert = con.prepare("INSERT INTO t VALUES ($1)");
   insert.bind(1, int64_t(-1)).execute();
   con.query("DELETE FROM t");
   con.query("ALTER TABLE t ADD CHECK (a >= 0)");
   try {
      insert.bind(1, int64_t(-1)).execute();
      ADD_FAILURE() << "a negative value was inserted";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "23514");
   }
   insert.bind(1, int64_t(1)).execute();
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 1);
}

/// What the database in `directory` must still enforce after it was opened again.
void expectConstraintsEnforced(const std::string& directory) {
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(failure(con, "INSERT INTO t VALUES (0, 5)"), "23514: new row for relation \"t\" violates check constraint \"t_a_check\"");
   EXPECT_EQ(failure(con, "INSERT INTO t VALUES (4, 3)"), "23514: new row for relation \"t\" violates check constraint \"ordered\"");
   EXPECT_EQ(failure(con, "INSERT INTO t VALUES (7, 8)"), "23514: new row for relation \"t\" violates check constraint \"t_b_check\"");
   EXPECT_EQ(failure(con, "UPDATE t SET x = -x"), "23514: new row for relation \"t\" violates check constraint \"t_a_check\"");
   int64_t rows = con.query("SELECT count(*) FROM t").getInt64(0, 0);
   EXPECT_EQ(failure(con, "INSERT INTO t VALUES (2, 9)"), "");
   // dropped (and rolled back) before the reopen: gone
   EXPECT_EQ(failure(con, "INSERT INTO t VALUES (1000, 2000)"), "");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), rows + 2);
   EXPECT_EQ(failure(con, "ALTER TABLE t DROP CONSTRAINT dropped"), "42704: constraint \"dropped\" of relation \"t\" does not exist");
}

/// Makes a table with CHECK constraints in `directory`; `checkpointAt` says after which step a
/// checkpoint is taken (0: none, all of it is replayed from the log).
void makeTable(const std::string& directory, int checkpointAt) {
   kiln::Database db(directory);
   kiln::Connection con(db);
   con.query("CREATE TABLE t (a INTEGER CHECK (a > 0), b INTEGER, CONSTRAINT ordered CHECK (a < b), CONSTRAINT dropped CHECK (b < 100))");
   con.query("INSERT INTO t VALUES (1, 2)");
   if (checkpointAt == 1) con.query("CHECKPOINT");
   con.query("ALTER TABLE t ADD CHECK (b <> 8)");
   con.query("ALTER TABLE t DROP CONSTRAINT dropped");
   con.query("ALTER TABLE t RENAME COLUMN a TO x");
   con.query("BEGIN");
   con.query("ALTER TABLE t ADD CONSTRAINT rolled_back CHECK (x < 1000)");
   con.query("ROLLBACK");
   if (checkpointAt == 2) con.query("CHECKPOINT");
   EXPECT_EQ(failure(con, "INSERT INTO t VALUES (-1, 5)"), "23514: new row for relation \"t\" violates check constraint \"t_a_check\"");
}

TEST(CheckConstraints, SurviveTheRedoLog) { kiln::testing::expectSurvivesReopen("check-log", 0, makeTable, expectConstraintsEnforced); }

TEST(CheckConstraints, SurviveACheckpoint) { kiln::testing::expectSurvivesReopen("check-checkpoint", 2, makeTable, expectConstraintsEnforced); }

TEST(CheckConstraints, SurviveACheckpointAndTheLogAfterIt) {
   kiln::testing::expectSurvivesReopen("check-checkpoint-log", 1, makeTable, expectConstraintsEnforced);
}

}  // namespace
