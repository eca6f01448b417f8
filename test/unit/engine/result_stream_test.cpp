// Connection::stream: a statement's rows come in chunks while it runs, the same rows query()
// returns, in the writer's turn or on a snapshot; an error comes from next(); a stream closed
// early leaves the connection (and its transaction block) as it was.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "snapshot_processes.h"

using kiln::snapshot_test::sqlstateOf;

namespace {

// Strings longer than a German string's 12 inline bytes, so that chunks must own copies.
const char* numberedRows = "SELECT g, 'row number ' || g AS label FROM generate_series(1, 200000) AS s(g) ORDER BY g";

struct Streamed {
   std::vector<std::pair<int64_t, std::string>> rows;
   size_t chunks = 0;
   kiln::Result last;
};

Streamed readAll(kiln::ResultStream& stream) {
   Streamed read;
   kiln::Result chunk;
   while (stream.next(chunk)) {
      ++read.chunks;
      for (kiln::Row row : chunk) read.rows.emplace_back(row.getInt64(0), row.getString(1));
      read.last = chunk;
   }
   return read;
}

void expectNumberedRows(const Streamed& read, kiln::Connection& con) {
   kiln::Result whole = con.query(numberedRows);
   ASSERT_EQ(read.rows.size(), whole.rowCount());
   for (size_t r = 0; r < whole.rowCount(); ++r) {
      ASSERT_EQ(read.rows[r].first, whole.getInt64(r, 0)) << "row " << r;
      ASSERT_EQ(read.rows[r].second, whole.getString(r, 1)) << "row " << r;
   }
   EXPECT_GT(read.chunks, 2u);
   EXPECT_EQ(read.last.statusTag(), "SELECT 200000");
   EXPECT_EQ(read.last.rowsAffected(), 200000u);
   EXPECT_EQ(read.last.columnName(1), "label");
}

}  // namespace

TEST(ResultStream, RowsComeInChunksInTheWritersTurn) {
   kiln::Database db;
   kiln::Connection con(db);
   kiln::ResultStream stream = con.stream(numberedRows);
   Streamed read = readAll(stream);
   expectNumberedRows(read, con);
   EXPECT_FALSE(read.last.stats().onSnapshot);
}

TEST(ResultStream, RowsComeInChunksFromASnapshot) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("SET snapshot_reads = on");
   kiln::ResultStream stream = con.stream(numberedRows);
   Streamed read = readAll(stream);
   EXPECT_TRUE(read.last.stats().onSnapshot);
   expectNumberedRows(read, con);
}

TEST(ResultStream, EachChunkHoldsItsOwnStrings) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE t (k INTEGER, name TEXT)");
   con.query("INSERT INTO t SELECT g, 'a name longer than twelve bytes ' || g FROM generate_series(1, 100000) AS s(g)");
   kiln::ResultStream stream = con.stream("SELECT name FROM t ORDER BY k");
   std::vector<kiln::Result> chunks;
   kiln::Result chunk;
   while (stream.next(chunk)) chunks.push_back(chunk);
   // Read after the statement has ended and the table changed under the strings.
   con.query("UPDATE t SET name = 'changed'");
   int64_t k = 0;
   for (const kiln::Result& c : chunks)
      for (kiln::Row row : c) ASSERT_EQ(row.getString(0), "a name longer than twelve bytes " + std::to_string(++k));
   EXPECT_EQ(k, 100000);
}

TEST(ResultStream, AnErrorComesFromNext) {
   kiln::Database db;
   kiln::Connection con(db);
   kiln::ResultStream stream = con.stream("SELECT g, 1 / (g - 150000) FROM generate_series(1, 200000) AS s(g)");
   int64_t rowsBefore = 0;
   kiln::Result chunk;
   EXPECT_EQ(sqlstateOf([&] {
                while (stream.next(chunk)) rowsBefore += int64_t(chunk.rowCount());
             }),
             "22012");
   // The chunks made before the error came first, none past it.
   EXPECT_GT(rowsBefore, 0);
   EXPECT_LT(rowsBefore, 150000);
   EXPECT_FALSE(stream.next(chunk));
   EXPECT_EQ(con.query("SELECT 7").getInt64(0, 0), 7);
}

TEST(ResultStream, TheConnectionRunsNothingElseWhileItIsOpen) {
   kiln::Database db;
   kiln::Connection con(db);
   kiln::ResultStream stream = con.stream(numberedRows);
   EXPECT_EQ(sqlstateOf([&] { con.query("SELECT 1"); }), "55000");
   EXPECT_EQ(sqlstateOf([&] { con.stream("SELECT 1"); }), "55000");
   readAll(stream);
   EXPECT_EQ(con.query("SELECT 1").getInt64(0, 0), 1);
}

TEST(ResultStream, ClosingEarlyLeavesTheConnectionUsable) {
   kiln::Database db;
   kiln::Connection con(db);
   {
      kiln::ResultStream stream = con.stream(numberedRows);
      kiln::Result chunk;
      ASSERT_TRUE(stream.next(chunk));
      EXPECT_GT(chunk.rowCount(), 0u);
   }
   EXPECT_EQ(con.query("SELECT 1").getInt64(0, 0), 1);

   // In a transaction block the statement is not cancelled, which would abort the block.
   con.query("CREATE TABLE t (k INTEGER)");
   con.query("BEGIN");
   con.query("INSERT INTO t VALUES (1)");
   {
      kiln::ResultStream stream = con.stream(numberedRows);
      kiln::Result chunk;
      ASSERT_TRUE(stream.next(chunk));
   }
   con.query("INSERT INTO t VALUES (2)");
   con.query("COMMIT");
   EXPECT_EQ(con.query("SELECT count(*) FROM t").getInt64(0, 0), 2);
}

TEST(ResultStream, OtherStatementsAndScriptsComeAsOneChunk) {
   kiln::Database db;
   kiln::Connection con(db);
   {
      kiln::ResultStream stream = con.stream("CREATE TABLE t (k INTEGER); INSERT INTO t SELECT * FROM generate_series(1, 5) RETURNING k * 10");
      kiln::Result chunk;
      ASSERT_TRUE(stream.next(chunk));
      EXPECT_EQ(chunk.statusTag(), "INSERT 0 5");
      ASSERT_EQ(chunk.rowCount(), 5u);
      EXPECT_EQ(chunk.getInt64(4, 0), 50);
      EXPECT_FALSE(stream.next(chunk));
   }
   // Only the script's last statement streams.
   kiln::ResultStream stream = con.stream("SELECT k FROM t; SELECT count(*) FROM t");
   Streamed read;
   kiln::Result chunk;
   while (stream.next(chunk)) read.last = chunk;
   EXPECT_EQ(read.last.getInt64(0, 0), 5);
}
