// FOREIGN KEY constraints: their messages as PostgreSQL's, a prepared INSERT made before a
// constraint was added, and constraints that survive a reopen, replayed from the redo log and
// read from a checkpoint (ADD and DROP CONSTRAINT, RENAME COLUMN and RENAME TO included).
#include <gtest/gtest.h>

#include "constraint_test_support.h"

namespace {

using kiln::testing::failure;

TEST(ForeignKeys, MessagesAsPostgreSQLs) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
   con.query("CREATE TABLE child (p INTEGER REFERENCES parent)");
   con.query("INSERT INTO parent VALUES (1)");
   con.query("INSERT INTO child VALUES (1), (NULL)");
   EXPECT_EQ(failure(con, "INSERT INTO child VALUES (2)"), "23503: insert or update on table \"child\" violates foreign key constraint \"child_p_fkey\"");
   EXPECT_EQ(failure(con, "DELETE FROM parent"),
             "23503: update or delete on table \"parent\" violates foreign key constraint \"child_p_fkey\" on table \"child\"");
   EXPECT_EQ(failure(con, "DROP TABLE parent"), "2BP01: cannot drop table parent because other objects depend on it");
   EXPECT_EQ(failure(con, "CREATE TABLE other (p INTEGER REFERENCES parent ON UPDATE CASCADE)").substr(0, 6), "0A000:");
   EXPECT_EQ(con.query("SELECT count(*) FROM child").getInt64(0, 0), 2);
}

/// The DETAIL of the error `sql` fails with.
std::string detailOf(kiln::Connection& con, const std::string& sql) {
   try {
      con.query(sql);
   } catch (const kiln::Error& error) {
      return error.detail();
   }
   return "(no error)";
}

TEST(ForeignKeys, DetailsNameTheKeyAsPostgreSQLs) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE parent (a INTEGER, b TEXT, PRIMARY KEY (a, b))");
   con.query("CREATE TABLE child (x TEXT, y INTEGER, FOREIGN KEY (y, x) REFERENCES parent (a, b))");
   con.query("INSERT INTO parent VALUES (1, 'one'), (2, 'two')");
   con.query("INSERT INTO child VALUES ('one', 1)");
   EXPECT_EQ(detailOf(con, "INSERT INTO child VALUES ('two', 1)"), "Key (y, x)=(1, two) is not present in table \"parent\".");
   EXPECT_EQ(detailOf(con, "DELETE FROM parent WHERE a = 1"), "Key (a, b)=(1, one) is still referenced from table \"child\".");
   EXPECT_EQ(detailOf(con, "UPDATE parent SET b = 'uno' WHERE a = 1"), "Key (a, b)=(1, one) is still referenced from table \"child\".");
   EXPECT_EQ(con.query("SELECT count(*) FROM parent").getInt64(0, 0), 2);
   // In the order the constraint names the columns, not the referenced key's.
   con.query("CREATE TABLE swapped (x TEXT, y INTEGER, FOREIGN KEY (x, y) REFERENCES parent (b, a))");
   con.query("INSERT INTO swapped VALUES ('two', 2)");
   EXPECT_EQ(detailOf(con, "INSERT INTO swapped VALUES ('two', 1)"), "Key (x, y)=(two, 1) is not present in table \"parent\".");
   EXPECT_EQ(detailOf(con, "DELETE FROM parent WHERE a = 2"), "Key (b, a)=(two, 2) is still referenced from table \"swapped\".");
}

TEST(ForeignKeys, PreparedInsertSeesAnAddedConstraint) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
   con.query("CREATE TABLE child (p INTEGER)");
   auto insert = con.prepare("INSERT INTO child VALUES ($1)");
   insert.bind(1, int64_t(5)).execute();
   con.query("DELETE FROM child");
   con.query("ALTER TABLE child ADD FOREIGN KEY (p) REFERENCES parent");
   try {
      insert.bind(1, int64_t(5)).execute();
      ADD_FAILURE() << "a row referencing nothing was inserted";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "23503");
   }
   con.query("INSERT INTO parent VALUES (5)");
   insert.bind(1, int64_t(5)).execute();
   EXPECT_EQ(con.query("SELECT count(*) FROM child").getInt64(0, 0), 1);
}

/// What the database in `directory` must still enforce after it was opened again.
void expectConstraintsEnforced(const std::string& directory) {
   kiln::Database db(directory);
   kiln::Connection con(db);
   EXPECT_EQ(failure(con, "INSERT INTO kid VALUES (1, 9, NULL)"), "23503: insert or update on table \"kid\" violates foreign key constraint \"kid_p_fkey\"");
   EXPECT_EQ(failure(con, "INSERT INTO kid VALUES (2, NULL, 9)"), "23503: insert or update on table \"kid\" violates foreign key constraint \"named\"");
   EXPECT_EQ(failure(con, "DELETE FROM mom WHERE key = 1"),
             "23503: update or delete on table \"mom\" violates foreign key constraint \"kid_p_fkey\" on table \"kid\"");
   EXPECT_EQ(failure(con, "UPDATE mom SET key = 7 WHERE key = 2"),
             "23503: update or delete on table \"mom\" violates foreign key constraint \"named\" on table \"kid\"");
   EXPECT_EQ(failure(con, "DROP TABLE mom"), "2BP01: cannot drop table mom because other objects depend on it");
   // dropped, and rolled back, before the reopen: gone
   EXPECT_EQ(failure(con, "INSERT INTO kid VALUES (3, NULL, NULL, 9)"), "");
   EXPECT_EQ(failure(con, "ALTER TABLE kid DROP CONSTRAINT dropped"), "42704: constraint \"dropped\" of relation \"kid\" does not exist");
   EXPECT_EQ(failure(con, "ALTER TABLE kid DROP CONSTRAINT rolled_back"), "42704: constraint \"rolled_back\" of relation \"kid\" does not exist");
   EXPECT_EQ(failure(con, "INSERT INTO kid VALUES (4, 1, 2, NULL)"), "");
}

/// Makes referencing tables in `directory`; `checkpointAt` says after which step a checkpoint is
/// taken (0: none, all of it is replayed from the log).
void makeTables(const std::string& directory, int checkpointAt) {
   kiln::Database db(directory);
   kiln::Connection con(db);
   con.query("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
   con.query("INSERT INTO parent VALUES (1), (2)");
   con.query("CREATE TABLE kid (id INTEGER, p INTEGER REFERENCES parent, q INTEGER, r INTEGER CONSTRAINT dropped REFERENCES parent)");
   con.query("INSERT INTO kid VALUES (1, 1, NULL, 1)");
   if (checkpointAt == 1) con.query("CHECKPOINT");
   con.query("ALTER TABLE kid ADD CONSTRAINT named FOREIGN KEY (q) REFERENCES parent");
   con.query("INSERT INTO kid VALUES (2, NULL, 2, NULL)");
   con.query("ALTER TABLE kid DROP CONSTRAINT dropped");
   con.query("ALTER TABLE parent RENAME COLUMN id TO key");
   con.query("ALTER TABLE parent RENAME TO mom");
   con.query("BEGIN");
   con.query("ALTER TABLE kid ADD CONSTRAINT rolled_back FOREIGN KEY (r) REFERENCES mom");
   con.query("ROLLBACK");
   if (checkpointAt == 2) con.query("CHECKPOINT");
   EXPECT_EQ(failure(con, "INSERT INTO kid VALUES (5, 9, NULL)"), "23503: insert or update on table \"kid\" violates foreign key constraint \"kid_p_fkey\"");
}

TEST(ForeignKeys, SurviveTheRedoLog) { kiln::testing::expectSurvivesReopen("foreign-key-log", 0, makeTables, expectConstraintsEnforced); }

TEST(ForeignKeys, SurviveACheckpoint) { kiln::testing::expectSurvivesReopen("foreign-key-checkpoint", 2, makeTables, expectConstraintsEnforced); }

TEST(ForeignKeys, SurviveACheckpointAndTheLogAfterIt) {
   kiln::testing::expectSurvivesReopen("foreign-key-checkpoint-log", 1, makeTables, expectConstraintsEnforced);
}

}  // namespace
