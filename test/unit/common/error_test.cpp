// Error::format prints errors the way psql does (expected texts copied from psql 15).
#include <gtest/gtest.h>

#include "kiln/kiln.h"

using namespace kiln;

namespace {

int positionOf(const std::string& sql, const std::string& token) { return int(sql.find(token)) + 1; }

}  // namespace

TEST(ErrorFormat, Accessors) {
   Error e("42703", "column \"x\" does not exist", 8, "some detail");
   EXPECT_EQ(e.sqlstate(), "42703");
   EXPECT_EQ(e.message(), "column \"x\" does not exist");
   EXPECT_STREQ(e.what(), "column \"x\" does not exist");
   EXPECT_EQ(e.position(), 8);
   EXPECT_EQ(e.detail(), "some detail");
   e.setPosition(3);
   EXPECT_EQ(e.position(), 3);
}

TEST(ErrorFormat, NoPosition) {
   Error e("22012", "division by zero");
   EXPECT_EQ(e.format("SELECT 1/0"), "ERROR:  division by zero");
}

TEST(ErrorFormat, CaretUnderToken) {
   std::string sql = "SELECT x FROM t";
   Error e("42703", "column \"x\" does not exist", positionOf(sql, "x"));
   EXPECT_EQ(e.format(sql),
             "ERROR:  column \"x\" does not exist\n"
             "LINE 1: SELECT x FROM t\n"
             "               ^");
}

TEST(ErrorFormat, CaretAtFirstCharacter) {
   std::string sql = "SELEC a FROM t1";
   Error e("42601", "syntax error at or near \"SELEC\"", 1);
   EXPECT_EQ(e.format(sql),
             "ERROR:  syntax error at or near \"SELEC\"\n"
             "LINE 1: SELEC a FROM t1\n"
             "        ^");
}

TEST(ErrorFormat, CaretAtEndOfInput) {
   // psql: syntax error at end of input, caret one past the last character
   std::string sql = "SELECT a FROM t1 WHERE";
   Error e("42601", "syntax error at end of input", int(sql.size()) + 1);
   EXPECT_EQ(e.format(sql),
             "ERROR:  syntax error at end of input\n"
             "LINE 1: SELECT a FROM t1 WHERE\n"
             "                              ^");
}

TEST(ErrorFormat, SecondLineWithTab) {
   // psql shows the line holding the position, its number, and a tab as one blank
   std::string sql = "SELECT a,\n\tx\nFROM t;";
   Error e("42703", "column \"x\" does not exist", positionOf(sql, "x"));
   EXPECT_EQ(e.format(sql),
             "ERROR:  column \"x\" does not exist\n"
             "LINE 2:  x\n"
             "         ^");
}

TEST(ErrorFormat, ThirdLine) {
   std::string sql = "SELECT a\nFROM t\nWHERE nosuch = 1";
   Error e("42703", "column \"nosuch\" does not exist", positionOf(sql, "nosuch"));
   EXPECT_EQ(e.format(sql),
             "ERROR:  column \"nosuch\" does not exist\n"
             "LINE 3: WHERE nosuch = 1\n"
             "              ^");
}

TEST(ErrorFormat, Detail) {
   Error e("22003", "numeric field overflow", 0, "A field with precision 5, scale 2 must round to an absolute value less than 10^3.");
   EXPECT_EQ(e.format("SELECT 1"),
             "ERROR:  numeric field overflow\n"
             "DETAIL:  A field with precision 5, scale 2 must round to an absolute value less than 10^3.");
}

TEST(ErrorFormat, LongLineIsCutAroundTheCaretLikePsql) {
   // psql cuts lines wider than 60 columns with "...", keeping the caret at least 10 columns from the right end.
   std::string sql = "SELECT a, b, id, a, b, id, a, b, id, a, b, id, a, b, id, a, b, id, a, b, id, nosuch FROM t1";
   Error e("42703", "column \"nosuch\" does not exist", positionOf(sql, "nosuch"));
   EXPECT_EQ(e.format(sql),
             "ERROR:  column \"nosuch\" does not exist\n"
             "LINE 1: ...a, b, id, a, b, id, a, b, id, a, b, id, a, b, id, nosuch FRO...\n"
             "                                                             ^");
}
