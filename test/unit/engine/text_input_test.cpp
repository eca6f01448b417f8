// Text entering kiln must be UTF-8 without NUL bytes, as text in a PostgreSQL UTF8 database: the
// SQL itself (its literals, names and comments), parameters bound as text and COPY's rows are
// refused with 22021 and PostgreSQL's message, and nothing changes.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "kiln/kiln.h"

using namespace kiln;
using namespace std::string_literals;

namespace {

std::string errorOf(const std::function<void()>& run) {
   try {
      run();
   } catch (const Error& error) {
      return error.sqlstate() + " " + error.message();
   }
   return "no error";
}

const std::string invalidFF = "22021 invalid byte sequence for encoding \"UTF8\": 0xff";

}  // namespace

TEST(TextInput, SqlTextIsChecked) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (s TEXT)");
   EXPECT_EQ(errorOf([&] {
                con.query(
                   "INSERT INTO t VALUES ('a\xff"
                   "b')");
             }),
             invalidFF);
   EXPECT_EQ(errorOf([&] { con.query("SELECT 1 AS \"a\xff\""); }), invalidFF);
   EXPECT_EQ(errorOf([&] { con.query("SELECT 1 -- \xff"); }), invalidFF);
   EXPECT_EQ(errorOf([&] { con.query("SELECT $$\xff$$"); }), invalidFF);
   EXPECT_EQ(errorOf([&] { con.query("SELECT '\xc3'"); }), "22021 invalid byte sequence for encoding \"UTF8\": 0xc3 0x27");
   EXPECT_EQ(errorOf([&] { con.query("SELECT 'a\0b'"s); }), "22021 invalid byte sequence for encoding \"UTF8\": 0x00");
   EXPECT_EQ(errorOf([&] { con.prepare("SELECT '\xed\xa0\x80'"); }), "22021 invalid byte sequence for encoding \"UTF8\": 0xed 0xa0 0x80");
   // Escapes that make such bytes fail in the parser, as in PostgreSQL.
   EXPECT_EQ(errorOf([&] { con.query("SELECT E'\\xff'"); }), invalidFF);
   EXPECT_EQ(errorOf([&] { con.query("SELECT E'\\000'"); }), "22021 invalid byte sequence for encoding \"UTF8\": 0x00");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 0);
   EXPECT_EQ(con.query("SELECT 'caf\xc3\xa9', length('\xe2\x82\xac')").getString(0, 0), "caf\xc3\xa9");
}

TEST(TextInput, ABadStatementAbortsTheTransactionBlock) {
   Database db;
   Connection con(db);
   con.query("BEGIN");
   EXPECT_EQ(errorOf([&] { con.query("SELECT '\xff'"); }), invalidFF);
   EXPECT_EQ(errorOf([&] { con.query("SELECT 1"); }).substr(0, 5), "25P02");
   con.query("ROLLBACK");
}

TEST(TextInput, ParametersAreChecked) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (id INTEGER, s TEXT)");
   auto insert = con.prepare("INSERT INTO t VALUES ($1, $2)");
   EXPECT_EQ(errorOf([&] { insert.bind(1, int64_t(1)).bind(2, std::string("a\xff")).execute(); }), invalidFF);
   EXPECT_EQ(errorOf([&] { insert.bind(1, int64_t(1)).bind(2, "a\0b"s).execute(); }), "22021 invalid byte sequence for encoding \"UTF8\": 0x00");
   // Whatever the parameter's type: text in is text.
   EXPECT_EQ(errorOf([&] { insert.bind(1, std::string("1\xff")); }), invalidFF);
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 0);
   insert.bind(1, int64_t(2)).bind(2, std::string("\xc3\xa9t\xc3\xa9")).execute();
   EXPECT_EQ(con.query("SELECT length(s) FROM t").getInt64(0, 0), 3);
}

TEST(TextInput, CopyRowsAreChecked) {
   Database db;
   Connection con(db);
   con.query("CREATE TABLE t (id INTEGER, s TEXT)");
   try {
      con.copyFrom("COPY t FROM STDIN", "1\tok\n2\tbad\xff\n");
      ADD_FAILURE() << "accepted";
   } catch (const Error& error) {
      EXPECT_EQ(error.sqlstate() + " " + error.message(), invalidFF);
      EXPECT_EQ(error.detail(), "COPY t, line 2");
   }
   EXPECT_EQ(errorOf([&] { con.copyFrom("COPY t FROM STDIN (FORMAT csv)", "1,\"a\0b\"\n"s); }), "22021 invalid byte sequence for encoding \"UTF8\": 0x00");
   EXPECT_EQ(errorOf([&] { con.copyFrom("COPY t FROM STDIN", "1\t\\377\n"); }), invalidFF);
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 0);
   con.copyFrom("COPY t FROM STDIN", "1\t\\303\\251\n2\t\xe2\x82\xac\n");
   EXPECT_EQ(con.query("SELECT string_agg(s, ',' ORDER BY id) FROM t").getString(0, 0), "\xc3\xa9,\xe2\x82\xac");
}
