// Semantic errors through kiln::Connection: SQLSTATE, message and position as PostgreSQL 15 reports
// them for the same statements (positions read off psql's caret).
#include <gtest/gtest.h>

#include "kiln/kiln.h"

using namespace kiln;

namespace {

class BinderErrors : public ::testing::Test {
   protected:
   void SetUp() override {
      con.query("CREATE TABLE t1 (id INTEGER, a INTEGER, b INTEGER, s TEXT, d DATE)");
      con.query("CREATE TABLE t2 (id INTEGER, a INTEGER, y TEXT)");
      con.query("INSERT INTO t1 VALUES (1, 10, 100, 'x', DATE '2000-01-01')");
   }

   struct Failure {
      std::string sqlstate, message;
      int position = -1;
   };

   Failure fail(const std::string& sql) {
      try {
         con.query(sql);
      } catch (const Error& e) {
         return {e.sqlstate(), e.message(), e.position()};
      }
      return {"none", "no error", -1};
   }

   /// Checks SQLSTATE, message and position in one go.
   void expectError(const std::string& sql, const std::string& sqlstate, int position, const std::string& message) {
      Failure f = fail(sql);
      EXPECT_EQ(f.sqlstate, sqlstate) << sql << "\n  message: " << f.message;
      EXPECT_EQ(f.position, position) << sql << "\n  message: " << f.message;
      EXPECT_EQ(f.message, message) << sql;
   }

   Database db;
   Connection con{db};
};

}  // namespace

TEST_F(BinderErrors, UnknownColumn) {
   expectError("SELECT nosuch FROM t1", "42703", 8, "column \"nosuch\" does not exist");
   expectError("SELECT t1.nosuch FROM t1", "42703", 8, "column t1.nosuch does not exist");
   expectError("SELECT a FROM t1 ORDER BY nosuch", "42703", 27, "column \"nosuch\" does not exist");
   expectError("SELECT a FROM t1 WHERE nosuch = 1", "42703", 24, "column \"nosuch\" does not exist");
}

TEST_F(BinderErrors, PositionCountsCharactersAndLines) {
   // 'ä' is two bytes but one character: PostgreSQL reports position 13.
   expectError("SELECT 'ä', nosuch FROM t1", "42703", 13, "column \"nosuch\" does not exist");
   expectError("SELECT a FROM t1\nWHERE nosuch = 1", "42703", 24, "column \"nosuch\" does not exist");
}

TEST_F(BinderErrors, UnknownTable) {
   expectError("SELECT a FROM nosuch", "42P01", 15, "relation \"nosuch\" does not exist");
   expectError("INSERT INTO nosuch VALUES (1)", "42P01", 13, "relation \"nosuch\" does not exist");
   expectError("SELECT nosuch.a FROM t1", "42P01", 8, "missing FROM-clause entry for table \"nosuch\"");
   Failure f = fail("DROP TABLE nosuch");
   EXPECT_EQ(f.sqlstate, "42P01");
   EXPECT_EQ(f.message, "table \"nosuch\" does not exist");
}

TEST_F(BinderErrors, DuplicateTable) {
   Failure f = fail("CREATE TABLE t1 (x INTEGER)");
   EXPECT_EQ(f.sqlstate, "42P07");
   EXPECT_EQ(f.message, "relation \"t1\" already exists");
}

TEST_F(BinderErrors, Ambiguous) {
   expectError("SELECT a FROM t1, t2", "42702", 8, "column reference \"a\" is ambiguous");
   expectError("SELECT t1.id FROM t1, t2 WHERE id = 1", "42702", 32, "column reference \"id\" is ambiguous");
}

TEST_F(BinderErrors, Syntax) {
   expectError("SELEC a FROM t1", "42601", 1, "syntax error at or near \"SELEC\"");
   expectError("SELECT a FROM t1 WHERE", "42601", 23, "syntax error at end of input");
   expectError("SELECT a FROM t1 WHERE a = 1 AND b = 1 +", "42601", 41, "syntax error at end of input");
}

TEST_F(BinderErrors, OperatorAndTypeMismatch) {
   expectError("SELECT a + s FROM t1", "42883", 10, "operator does not exist: integer + text");
   expectError("SELECT a FROM t1 WHERE a = d", "42883", 26, "operator does not exist: integer = date");
   expectError("SELECT a FROM t1 WHERE s = 1", "42883", 26, "operator does not exist: text = integer");
   expectError("SELECT -s FROM t1", "42883", 8, "operator does not exist: - text");
   expectError("SELECT nosuchfunc(a) FROM t1", "42883", 8, "function nosuchfunc(integer) does not exist");
   expectError("SELECT sum(s) FROM t1", "42883", 8, "function sum(text) does not exist");
   expectError("SELECT a FROM t1 WHERE s", "42804", 24, "argument of WHERE must be type boolean, not type text");
   expectError("SELECT 1 WHERE 1", "42804", 16, "argument of WHERE must be type boolean, not type integer");
   expectError("SELECT * FROM t1 WHERE 1 = 1 AND a", "42804", 34, "argument of AND must be type boolean, not type integer");
}

TEST_F(BinderErrors, CaseTypesMismatch) {
   // PostgreSQL takes the ELSE branch's type first and points at the first result that does not match.
   expectError("SELECT CASE WHEN a = 1 THEN 1 ELSE d END FROM t1", "42804", 29, "CASE types date and integer cannot be matched");
   expectError("SELECT CASE WHEN a = 1 THEN d ELSE 1 END FROM t1", "42804", 29, "CASE types integer and date cannot be matched");
}

TEST_F(BinderErrors, LiteralOfWrongType) {
   expectError("SELECT a FROM t1 WHERE a = 'abc'", "22P02", 28, "invalid input syntax for type integer: \"abc\"");
   expectError("SELECT 1 + 'x'", "22P02", 12, "invalid input syntax for type integer: \"x\"");
}

TEST_F(BinderErrors, Grouping) {
   expectError("SELECT a, count(*) FROM t1", "42803", 8, "column \"t1.a\" must appear in the GROUP BY clause or be used in an aggregate function");
   expectError("SELECT a, b FROM t1 GROUP BY a", "42803", 11, "column \"t1.b\" must appear in the GROUP BY clause or be used in an aggregate function");
   expectError("SELECT a FROM t1 GROUP BY a HAVING b > 1", "42803", 36,
               "column \"t1.b\" must appear in the GROUP BY clause or be used in an aggregate function");
   expectError("SELECT sum(a) FROM t1 WHERE sum(a) > 1", "42803", 29, "aggregate functions are not allowed in WHERE");
   expectError("SELECT sum(sum(a)) FROM t1", "42803", 12, "aggregate function calls cannot be nested");
}

TEST_F(BinderErrors, InsertTargets) {
   expectError("INSERT INTO t1 (d) VALUES (1)", "42804", 28, "column \"d\" is of type date but expression is of type integer");
   expectError("INSERT INTO t1 (nosuch) VALUES (1)", "42703", 17, "column \"nosuch\" of relation \"t1\" does not exist");
   expectError("INSERT INTO t1 (a) VALUES (1, 2)", "42601", 31, "INSERT has more expressions than target columns");
   expectError("INSERT INTO t1 (a, a) VALUES (1, 2)", "42701", 20, "column \"a\" specified more than once");
   // An integer may be assigned to a TEXT column.
   con.query("INSERT INTO t1 (id, s) VALUES (2, 42)");
   EXPECT_EQ(con.query("SELECT s FROM t1 WHERE id = 2").getString(0, 0), "42");
}

TEST_F(BinderErrors, PositionsInSelectList) {
   expectError("SELECT count(*) FROM t1 GROUP BY 3", "42P10", 34, "GROUP BY position 3 is not in select list");
   expectError("SELECT a FROM t1 ORDER BY 2", "42P10", 27, "ORDER BY position 2 is not in select list");
}

TEST_F(BinderErrors, UnknownType) {
   expectError("CREATE TABLE bad (x nosuchtype)", "42704", 21, "type \"nosuchtype\" does not exist");
   Failure f = fail("CREATE TABLE bad (x INTEGER, x INTEGER)");
   EXPECT_EQ(f.sqlstate, "42701");
   EXPECT_EQ(f.message, "column \"x\" specified more than once");
}

TEST_F(BinderErrors, FailedStatementLeavesConnectionUsable) {
   fail("SELECT nosuch FROM t1");
   Result r = con.query("SELECT a FROM t1");
   ASSERT_EQ(r.rowCount(), 1u);
   EXPECT_EQ(r.getInt64(0, 0), 10);
}
