// splitStatements: top-level ';' only, as psql splits its input.
#include <gtest/gtest.h>

#include "kiln/kiln.h"

using namespace kiln;

using Statements = std::vector<std::string>;

namespace {

std::string trimmed(const std::string& s) {
   size_t b = s.find_first_not_of(" \t\n"), e = s.find_last_not_of(" \t\n");
   return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

}  // namespace

TEST(SplitStatements, Simple) {
   std::string rest = "junk";
   EXPECT_EQ(splitStatements("SELECT 1; SELECT 2;", &rest), (Statements{"SELECT 1", "SELECT 2"}));
   EXPECT_EQ(rest, "");
   EXPECT_EQ(splitStatements("  SELECT 1 ;\n\n  SELECT 2  ;  "), (Statements{"SELECT 1", "SELECT 2"}));
   EXPECT_EQ(splitStatements(";;  ;"), Statements{});
   EXPECT_EQ(splitStatements(""), Statements{});
}

TEST(SplitStatements, Quotes) {
   EXPECT_EQ(splitStatements("SELECT ';'; SELECT 'it''s; here';"), (Statements{"SELECT ';'", "SELECT 'it''s; here'"}));
   EXPECT_EQ(splitStatements("SELECT 1 AS \"a;b\"; SELECT 2;"), (Statements{"SELECT 1 AS \"a;b\"", "SELECT 2"}));
   // E'...' strings: a backslash escapes the quote.
   EXPECT_EQ(splitStatements("SELECT E'a\\';b'; SELECT 2;"), (Statements{"SELECT E'a\\';b'", "SELECT 2"}));
}

TEST(SplitStatements, Comments) {
   EXPECT_EQ(splitStatements("SELECT 1 -- a ; in a comment\n; SELECT /* ; */ 2;"), (Statements{"SELECT 1 -- a ; in a comment", "SELECT /* ; */ 2"}));
   std::string rest = "junk";
   EXPECT_EQ(splitStatements("-- only a comment\n/* and another */", &rest), Statements{});
   EXPECT_EQ(rest, "");
   EXPECT_EQ(splitStatements("SELECT 1; -- trailing comment", &rest), Statements{"SELECT 1"});
   EXPECT_EQ(rest, "");
}

TEST(SplitStatements, DollarQuotes) {
   EXPECT_EQ(splitStatements("SELECT $$a;b$$; SELECT $tag$x;$$;y$tag$; SELECT 3;"), (Statements{"SELECT $$a;b$$", "SELECT $tag$x;$$;y$tag$", "SELECT 3"}));
}

TEST(SplitStatements, Parentheses) { EXPECT_EQ(splitStatements("SELECT (1;2); SELECT 3;"), (Statements{"SELECT (1;2)", "SELECT 3"})); }

TEST(SplitStatements, UnfinishedRest) {
   std::string rest;
   EXPECT_EQ(splitStatements("SELECT 1; SELECT 2", &rest), Statements{"SELECT 1"});
   EXPECT_EQ(trimmed(rest), "SELECT 2");
   EXPECT_EQ(splitStatements("SELECT 1; SELECT 'open;", &rest), Statements{"SELECT 1"});
   EXPECT_EQ(trimmed(rest), "SELECT 'open;");
   EXPECT_EQ(splitStatements("SELECT /* open ; comment", &rest), Statements{});
   EXPECT_EQ(trimmed(rest), "SELECT /* open ; comment");
   EXPECT_EQ(splitStatements("SELECT $$ open ; dollar", &rest), Statements{});
   EXPECT_EQ(trimmed(rest), "SELECT $$ open ; dollar");
}

TEST(SplitStatements, RunsThroughConnection) {
   Database db;
   Connection con(db);
   std::vector<Result> results = con.queryAll("SELECT ';' AS x; SELECT 'a''b' -- ;\n;");
   ASSERT_EQ(results.size(), 2u);
   EXPECT_EQ(results[0].getString(0, 0), ";");
   EXPECT_EQ(results[1].getString(0, 0), "a'b");
}
