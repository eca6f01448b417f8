// COPY ... FROM STDIN through the embedded API: rows handed to Connection::copyFrom, in text and
// CSV format; columns left out take their DEFAULT; a bad row or default changes nothing; the rows
// are undone with their transaction.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "kiln/kiln.h"

using namespace kiln;

namespace {

std::string sqlstateOf(const std::function<void()>& run) {
   try {
      run();
   } catch (const Error& error) {
      return error.sqlstate();
   }
   return "";
}

int64_t count(Connection& con) { return con.query("SELECT count(*) FROM t").getInt64(0, 0); }

}  // namespace

TEST(CopyFromStdin, LoadsTextAndCsvRows) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c NUMERIC(6, 2))");
   Result loaded = con.copyFrom("COPY t FROM STDIN", "1\tone\t1.5\n2\t\\N\t2\n");
   EXPECT_EQ(loaded.statusTag(), "COPY 2");
   EXPECT_EQ(con.copyFrom("COPY t (a, c) FROM stdin WITH (FORMAT csv, HEADER)", "a,c\n3,-0.25\n4,\n").rowsAffected(), 2u);
   Result rows = con.query("SELECT a, b, c FROM t ORDER BY a");
   ASSERT_EQ(rows.rowCount(), 4u);
   EXPECT_EQ(rows.getString(0, 1), "one");
   EXPECT_TRUE(rows.isNull(1, 1));
   EXPECT_EQ(rows.getString(2, 2), "-0.25");
   EXPECT_TRUE(rows.isNull(3, 2));
   EXPECT_EQ(con.copyFrom("COPY t FROM STDIN", "").rowsAffected(), 0u);
}

// Array columns take their canonical text from COPY as from INSERT: equal arrays are one key, and
// a malformed array or element is refused.
TEST(CopyFromStdin, ArraysAreReadAsArrays) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER[] PRIMARY KEY, b VARCHAR(3)[])");
   con.query("INSERT INTO t VALUES (ARRAY[1,2], '{x}')");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "{1, 02}\t{y}\n"); }), "23505");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "nope\t{y}\n"); }), "22P02");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "{1,x}\t{y}\n"); }), "22P02");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "{3}\t{abcd}\n"); }), "22001");
   EXPECT_EQ(con.copyFrom("COPY t FROM STDIN", "{ 3 , 4 }\t{ab,cd}\n").rowsAffected(), 1u);
   Result rows = con.query("SELECT a, b FROM t ORDER BY a");
   ASSERT_EQ(rows.rowCount(), 2u);
   EXPECT_EQ(rows.getString(1, 0), "{3,4}");
   EXPECT_EQ(rows.getString(1, 1), "{ab,cd}");
}

TEST(CopyFromStdin, ABadRowChangesNothing) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT NOT NULL)");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "1\tx\nnot a number\ty\n"); }), "22P02");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "1\tx\n1\ty\n"); }), "23505");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "1\t\\N\n"); }), "23502");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "1\n"); }), "22P04");
   EXPECT_EQ(count(con), 0);
}

TEST(CopyFromStdin, RowsGoWithTheirTransaction) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER)");
   con.query("BEGIN");
   con.copyFrom("COPY t FROM STDIN", "1\n2\n3\n");
   EXPECT_EQ(count(con), 3);
   con.query("ROLLBACK");
   EXPECT_EQ(count(con), 0);
}

TEST(CopyFromStdin, NeedsItsRowsAndOnlyTakesCopyFromStdin) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (a INTEGER, b INTEGER DEFAULT 7)");
   EXPECT_EQ(sqlstateOf([&] { con.query("COPY t FROM STDIN"); }), "0A000");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("SELECT 1", "1\n"); }), "42601");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t TO STDOUT", ""); }), "42601");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM '/nonexistent'", ""); }), "42601");
   EXPECT_EQ(count(con), 0);
}

TEST(CopyFromStdin, ColumnsLeftOutTakeTheirDefaults) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (id INTEGER GENERATED ALWAYS AS IDENTITY, a INTEGER, b TEXT DEFAULT 'b' || 1, r DOUBLE PRECISION DEFAULT random(), c TEXT)");
   EXPECT_EQ(con.copyFrom("COPY t (a) FROM STDIN", "10\n20\n30\n").rowsAffected(), 3u);
   con.query("INSERT INTO t (a) VALUES (40)");
   Result rows = con.query("SELECT id, a, b, c FROM t ORDER BY a");
   ASSERT_EQ(rows.rowCount(), 4u);
   for (size_t r = 0; r < 4; ++r) {
      EXPECT_EQ(rows.getInt64(r, 0), int64_t(r + 1));
      EXPECT_EQ(rows.getString(r, 2), "b1");
      EXPECT_TRUE(rows.isNull(r, 3));
   }
   EXPECT_EQ(con.query("SELECT count(DISTINCT r) FROM t").getInt64(0, 0), 4);
   // Rolled back with the transaction; the identity values they took are not handed out again.
   con.query("BEGIN");
   con.copyFrom("COPY t (a, c) FROM STDIN (FORMAT csv)", "50,x\n60,y\n");
   EXPECT_EQ(count(con), 6);
   con.query("ROLLBACK");
   EXPECT_EQ(count(con), 4);
   con.query("INSERT INTO t (a) VALUES (70)");
   EXPECT_EQ(con.query("SELECT id FROM t WHERE a = 70").getInt64(0, 0), 7);
}

TEST(CopyFromStdin, ADefaultThatFailsChangesNothing) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (id SERIAL, a INTEGER, b TEXT NOT NULL)");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t (a) FROM STDIN", "1\n2\n"); }), "23502");
   EXPECT_EQ(count(con), 0);
   con.query("CREATE TABLE u (a INTEGER, d INTEGER DEFAULT 1 / 0)");
   con.query("BEGIN");
   con.query("INSERT INTO u VALUES (1, 1)");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY u (a) FROM STDIN", "2\n"); }), "22012");
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT 1"); }), "25P02");
   con.query("ROLLBACK");
   EXPECT_EQ(con.query("SELECT count(*) FROM u").getInt64(0, 0), 0);
}
