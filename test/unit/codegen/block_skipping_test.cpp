// Scans skip the blocks of rows whose value ranges fail a filter's comparison with constants, and
// answer as if they read every row: each count is compared with that of a filter no range can
// test (the column in an expression), on one thread and on four, after updates, rollbacks,
// deletes and appends.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "../engine/result_lines.h"
#include "kiln/kiln.h"

namespace {

class BlockSkipping : public ::testing::Test {
   protected:
   void SetUp() override {
      // 200,000 rows in key order: `id` and `day` grow with the row, `amount` falls, `gap` is NULL
      // in the rows 40,000..59,999 (whole blocks of NULLs) and otherwise the row's id.
      con_.query("CREATE TABLE events (id INTEGER NOT NULL, day DATE NOT NULL, amount BIGINT NOT NULL, price DECIMAL(12,2), gap INTEGER)");
      con_.query(
         "INSERT INTO events SELECT g, date '2024-01-01' + g / 1000, 1000000 - g * 7, g * 0.01, CASE WHEN g BETWEEN 40000 AND 59999 THEN NULL ELSE g END "
         "FROM generate_series(0, 199999) AS s(g)");
   }

   std::string count(const std::string& where) { return con_.query("SELECT count(*) FROM events WHERE " + where).getString(0, 0); }

   /// `where` gives the count of `unskippable` (the same condition, which no range can test),
   /// with one thread and with four.
   void expectSame(const std::string& where, const std::string& unskippable) {
      for (int threads : {1, 4}) {
         con_.query("SET threads = " + std::to_string(threads));
         EXPECT_EQ(count(where), count(unskippable)) << where << " with " << threads << " threads";
      }
   }

   /// The blocks that EXPLAIN ANALYZE says the scan of `where` skipped, and of how many.
   std::pair<int, int> skipped(const std::string& where) {
      std::string plan = kiln::allLines(con_.query("EXPLAIN ANALYZE SELECT count(*) FROM events WHERE " + where));
      std::smatch match;
      if (!std::regex_search(plan, match, std::regex("blocks skipped ([0-9]+) of ([0-9]+)"))) return {-1, -1};
      return {std::stoi(match[1]), std::stoi(match[2])};
   }

   kiln::Database db_;
   kiln::Connection con_{db_};
};

TEST_F(BlockSkipping, RangesAnswerAsEveryRowWould) {
   expectSame("id BETWEEN 100000 AND 100500", "id + 0 BETWEEN 100000 AND 100500");
   expectSame("id < 300", "id + 0 < 300");
   expectSame("id >= 199990", "id + 0 >= 199990");
   expectSame("id = 123456", "id + 0 = 123456");
   expectSame("id IN (7, 150000, 199999, 500000)", "id + 0 IN (7, 150000, 199999, 500000)");
   expectSame("day = date '2024-03-01'", "day + 0 = date '2024-03-01'");
   expectSame("amount > 999000", "amount + 0 > 999000");
   expectSame("amount <= -390000", "amount + 0 <= -390000");
   expectSame("price < 5.00", "price + 0 < 5.00");
   expectSame("gap > 45000 AND gap < 46000", "gap + 0 > 45000 AND gap + 0 < 46000");
   expectSame("gap < 100", "gap + 0 < 100");
}

TEST_F(BlockSkipping, ExplainAnalyzeShowsTheBlocksSkipped) {
   con_.query("SET threads = 1");
   auto [skippedBlocks, tested] = skipped("id BETWEEN 100000 AND 100500");
   EXPECT_EQ(tested, 200000 / 4096);
   EXPECT_GE(skippedBlocks, tested - 2);
   // Blocks of NULLs pass no comparison.
   EXPECT_GE(skipped("gap > 45000 AND gap < 46000").first, tested - 1);
}

TEST_F(BlockSkipping, ValuesWrittenInPlaceAreFound) {
   con_.query("UPDATE events SET id = 900000, day = date '2030-01-01' WHERE id = 17");
   EXPECT_EQ(count("id > 899999"), "1");
   EXPECT_EQ(count("day = date '2030-01-01'"), "1");
   // Rolled back, the old value is found again; the range stays wide, which costs only a block.
   con_.query("BEGIN");
   con_.query("UPDATE events SET id = -5 WHERE id = 150000");
   EXPECT_EQ(count("id < 0"), "1");
   con_.query("ROLLBACK");
   EXPECT_EQ(count("id = 150000"), "1");
   EXPECT_EQ(count("id < 0"), "0");
   con_.query("DELETE FROM events WHERE id BETWEEN 100000 AND 100099");
   expectSame("id BETWEEN 100000 AND 100500", "id + 0 BETWEEN 100000 AND 100500");
   // NULLs written into a block, and a value into a block of NULLs.
   con_.query("UPDATE events SET gap = NULL WHERE id BETWEEN 1000 AND 1999");
   con_.query("UPDATE events SET gap = 5 WHERE id = 50000");
   expectSame("gap < 10", "gap + 0 < 10");
}

TEST_F(BlockSkipping, AppendedRowsAndFailedAppendsAreSeen) {
   // A failing INSERT appends rows, then takes them back: their blocks' ranges go with them.
   con_.query("CREATE UNIQUE INDEX events_id ON events (id)");
   EXPECT_THROW(con_.query("INSERT INTO events SELECT 300000 + g, date '2025-01-01', 0, 0, 0 FROM generate_series(0, 9999) AS s(g) UNION ALL SELECT 5, date "
                           "'2025-01-01', 0, 0, 0"),
                kiln::Error);
   EXPECT_EQ(count("id >= 300000"), "0");
   con_.query("INSERT INTO events SELECT 400000 + g, date '2026-01-01', -g, 0, g FROM generate_series(0, 9999) AS s(g)");
   expectSame("id >= 400000 AND id < 400010", "id + 0 >= 400000 AND id + 0 < 400010");
   expectSame("day = date '2026-01-01'", "day + 0 = date '2026-01-01'");
   // The same text with other constants runs the cached plan, with the constants as parameters.
   for (int low : {100, 150000, 405000})
      expectSame("id >= " + std::to_string(low) + " AND id < " + std::to_string(low + 50),
                 "id + 0 >= " + std::to_string(low) + " AND id + 0 < " + std::to_string(low + 50));
}

}  // namespace
