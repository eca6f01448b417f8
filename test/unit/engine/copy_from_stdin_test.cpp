// COPY ... FROM STDIN through the embedded API: rows handed to Connection::copyFrom, in text and
// CSV format; a bad row changes nothing; the rows are undone with their transaction.
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
   // A column left out whose DEFAULT would have to be computed per row.
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t (a) FROM STDIN", "1\n"); }), "0A000");
   EXPECT_EQ(count(con), 0);
}
