// BEGIN, COMMIT, ROLLBACK, END and ABORT sent alone take a path around the parser: any case,
// blanks and a semicolon are accepted there as by the parser, and anything else goes to it.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

namespace {

struct TransactionStatementTest : ::testing::Test {
   kiln::Database db;
   kiln::Connection con{db};
   void SetUp() override { con.query("CREATE TABLE t (a INTEGER PRIMARY KEY)"); }
   int64_t rows() { return con.query("SELECT count(*) FROM t").getInt64(0, 0); }
};

TEST_F(TransactionStatementTest, AnyCaseBlanksAndASemicolon) {
   EXPECT_EQ(con.query(" Begin ;").statusTag(), "BEGIN");
   con.query("INSERT INTO t VALUES (1)");
   EXPECT_EQ(con.query("rollBACK").statusTag(), "ROLLBACK");
   EXPECT_EQ(rows(), 0);
   EXPECT_EQ(con.query("\tbegin\n").statusTag(), "BEGIN");
   con.query("INSERT INTO t VALUES (1)");
   EXPECT_EQ(con.query("End;").statusTag(), "COMMIT");
   EXPECT_EQ(rows(), 1);
   con.query("BEGIN");
   con.query("INSERT INTO t VALUES (2)");
   EXPECT_EQ(con.query("abort").statusTag(), "ROLLBACK");
   EXPECT_EQ(rows(), 1);
}

TEST_F(TransactionStatementTest, CommitOfAFailedBlockRollsBack) {
   con.query("BEGIN");
   con.query("INSERT INTO t VALUES (1)");
   EXPECT_THROW(con.query("INSERT INTO t VALUES (1)"), kiln::Error);
   EXPECT_EQ(con.query("COMMIT").statusTag(), "ROLLBACK");  // as PostgreSQL reports it
   EXPECT_EQ(rows(), 0);
}

TEST_F(TransactionStatementTest, OtherTextGoesToTheParser) {
   EXPECT_EQ(con.query("BEGIN WORK").statusTag(), "BEGIN");
   con.query("INSERT INTO t VALUES (1)");
   EXPECT_EQ(con.query("commit; begin; insert into t values (2); commit").statusTag(), "COMMIT");
   EXPECT_EQ(rows(), 2);
   try {
      con.query("beginx");
      FAIL() << "beginx accepted";
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), "42601");
   }
   try {
      con.query("b@gin");
      FAIL() << "b@gin accepted";
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), "42601");
   }
}

}  // namespace
