// Sequences through the embedded API: currval and lastval belong to a connection (a session), and
// a prepared nextval is compiled again when its sequence is dropped and created anew. (Durability:
// durability_test.cpp.)
#include <gtest/gtest.h>

#include "kiln/kiln.h"

namespace {

int64_t single(kiln::Connection& con, const std::string& sql) { return con.query(sql).getInt64(0, 0); }

void expectError(kiln::Connection& con, const std::string& sql, const std::string& sqlstate) {
   try {
      con.query(sql);
      ADD_FAILURE() << sql << " succeeded";
   } catch (const kiln::Error& e) {
      EXPECT_EQ(e.sqlstate(), sqlstate) << sql << ": " << e.message();
   }
}

TEST(SequenceTest, CurrvalAndLastvalArePerConnection) {
   kiln::Database db;
   kiln::Connection first(db), second(db);
   first.query("CREATE SEQUENCE s");
   EXPECT_EQ(single(first, "SELECT nextval('s')"), 1);
   EXPECT_EQ(single(second, "SELECT nextval('s')"), 2);
   EXPECT_EQ(single(first, "SELECT currval('s')"), 1);
   EXPECT_EQ(single(second, "SELECT lastval()"), 2);
   kiln::Connection third(db);
   expectError(third, "SELECT currval('s')", "55000");
   expectError(third, "SELECT lastval()", "55000");
   // Its sequence gone, lastval() is not defined either.
   first.query("DROP SEQUENCE s");
   expectError(second, "SELECT lastval()", "55000");
}

TEST(SequenceTest, PreparedNextvalFollowsTheSequenceOfItsName) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE SEQUENCE s START 10");
   auto next = con.prepare("SELECT nextval('s')");
   EXPECT_EQ(next.execute().getInt64(0, 0), 10);
   EXPECT_EQ(next.execute().getInt64(0, 0), 11);
   con.query("DROP SEQUENCE s");
   EXPECT_THROW(next.execute(), kiln::Error);
   con.query("CREATE SEQUENCE s START 100");
   EXPECT_EQ(next.execute().getInt64(0, 0), 100);
   // A rolled back DROP brings the sequence back as it was.
   con.query("BEGIN");
   con.query("DROP SEQUENCE s");
   con.query("ROLLBACK");
   EXPECT_EQ(next.execute().getInt64(0, 0), 101);
}

}  // namespace
