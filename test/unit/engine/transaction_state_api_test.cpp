// The API's own ways into a statement (prepare, PreparedStatement::execute, copyFrom) follow the
// same transaction-state rules as SQL text: 25P02 in a block an error aborted, 25006 for a write
// in a READ ONLY block; and an error of theirs aborts the block, as any error in one does.
#include <gtest/gtest.h>

#include "kiln/kiln.h"
#include "snapshot_processes.h"

namespace {

using kiln::snapshot_test::sqlstateOf;

struct TransactionStateApiTest : ::testing::Test {
   kiln::Database db;
   kiln::Connection con{db};
   void SetUp() override { con.query("CREATE TABLE t (a INTEGER PRIMARY KEY)"); }
   int64_t rows() { return con.query("SELECT count(*) FROM t").getInt64(0, 0); }
};

TEST_F(TransactionStateApiTest, AbortedBlockRefusesEveryWayIn) {
   kiln::PreparedStatement insert = con.prepare("INSERT INTO t VALUES ($1)");
   kiln::PreparedStatement count = con.prepare("SELECT count(*) FROM t");
   con.query("BEGIN");
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT 1 / 0"); }), "22012");
   EXPECT_EQ(sqlstateOf([&] { con.prepare("SELECT 1"); }), "25P02");
   EXPECT_EQ(sqlstateOf([&] { insert.bind(1, int64_t(1)).execute(); }), "25P02");
   EXPECT_EQ(sqlstateOf([&] { count.execute(); }), "25P02");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "2\n"); }), "25P02");
   EXPECT_EQ(sqlstateOf([&] { con.query("BEGIN"); }), "25P02");
   con.query("ROLLBACK");
   EXPECT_EQ(rows(), 0);
   insert.bind(1, int64_t(3)).execute();
   EXPECT_EQ(count.execute().getInt64(0, 0), 1);
}

TEST_F(TransactionStateApiTest, ReadOnlyBlockRefusesWritesOnly) {
   kiln::PreparedStatement insert = con.prepare("INSERT INTO t VALUES ($1)");
   con.query("BEGIN READ ONLY");
   kiln::PreparedStatement count = con.prepare("SELECT count(*) FROM t");
   EXPECT_EQ(count.execute().getInt64(0, 0), 0);
   EXPECT_EQ(sqlstateOf([&] { insert.bind(1, int64_t(1)).execute(); }), "25006");
   EXPECT_EQ(sqlstateOf([&] { count.execute(); }), "25P02");
   con.query("ROLLBACK");
   con.query("BEGIN READ ONLY");
   EXPECT_EQ(sqlstateOf([&] { con.copyFrom("COPY t FROM STDIN", "2\n"); }), "25006");
   EXPECT_EQ(sqlstateOf([&] { count.execute(); }), "25P02");
   con.query("ROLLBACK");
   EXPECT_EQ(rows(), 0);
}

TEST_F(TransactionStateApiTest, ErrorsOfPreparedStatementsAbortTheBlock) {
   kiln::PreparedStatement divide = con.prepare("SELECT 1 / $1");
   for (const char* begin : {"BEGIN", "BEGIN READ ONLY"}) {
      SCOPED_TRACE(begin);
      con.query(begin);
      EXPECT_EQ(sqlstateOf([&] { divide.bind(1, int64_t(0)).execute(); }), "22012");
      EXPECT_EQ(sqlstateOf([&] { divide.bind(1, int64_t(1)).execute(); }), "25P02");
      EXPECT_EQ(sqlstateOf([&] { con.prepare("SELECT 2"); }), "25P02");
      con.query("ROLLBACK");
   }
   EXPECT_EQ(divide.bind(1, int64_t(1)).execute().getInt64(0, 0), 1);
}

}  // namespace
