// The 22 CH-benCHmark queries at one warehouse give the same rows in kiln as in SQLite, an
// independent implementation, on the same data: both populated alike and then changed by the same
// transactions, dated by a clock that steps one second per reading. Rows are compared in one
// order (ties of ORDER BY keys may come in any order); numbers with a fraction within a relative
// 1e-9 (SQLite keeps money in doubles), CHAR values without their padding, timestamps as values.
// Each query runs twice in kiln: on a snapshot (SET snapshot_reads = on, a forked copy of the
// database) and in the writer's turn (off); both must give SQLite's rows.
#include "ch_clock.h"
#include "ch_database.h"
#include "ch_queries.h"
#include "kiln_tpcc_engine.h"
#include "sqlite_tpcc_engine.h"
#include "tpcc_setup.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <regex>
#include <tuple>

namespace kiln::bench {

namespace {

using Rows = std::vector<std::vector<std::string>>;

constexpr uint64_t transactionsBeforeQueries = 5000;

/// Populates one warehouse and runs the transactions; clients and inputs as the runner's.
void prepareDatabase(TpccEngine& engine) {
   TpccRandom random(1);
   std::vector<std::string> notes;
   createChDatabase(engine, 1, random, chClockStartMicros, KILN_SHARED_DIR, notes, [](const std::string&) {});
   int64_t readings = 0;
   TpccClients clients(engine, 1, random, [&readings] { return chClockStartMicros + ++readings * 1000000; });
   MixResult mix = runMix(clients.clients(), 1, 3600, transactionsBeforeQueries);
   if (mix.error) throw std::runtime_error(engine.name() + ": " + describe(*mix.error));
}

Rows rowsOf(TpccEngine& engine, const std::string& sql) {
   std::unique_ptr<TpccStatement> statement = engine.prepare(sql);
   statement->execute();
   Rows rows(statement->rowCount());
   for (size_t row = 0; row < rows.size(); ++row)
      for (size_t column = 0; column < statement->columnCount(); ++column)
         rows[row].push_back(statement->isNull(row, column) ? "NULL" : statement->getText(row, column));
   return rows;
}

/// CHAR(n) padding dropped (SQLite keeps none); a timestamp's fraction without trailing zeros
/// (SQLite holds the text it was given, kiln shows the value as PostgreSQL does).
std::string normalized(std::string value) {
   static const std::regex timestamp(R"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d*)");
   value.erase(value.find_last_not_of(' ') + 1);
   if (std::regex_match(value, timestamp)) {
      value.erase(value.find_last_not_of('0') + 1);
      if (value.back() == '.') value.pop_back();
   }
   return value;
}

bool asNumber(const std::string& text, double& number) {
   char* end = nullptr;
   number = std::strtod(text.c_str(), &end);
   return !text.empty() && *end == '\0';
}

/// 0 when the values agree: equal text, or numbers of which one has a fraction that are within a
/// relative 1e-9 (integers must be equal: they are counts and keys).
int compareValues(const std::string& a, const std::string& b) {
   if (a == b) return 0;
   double x, y;
   if (asNumber(a, x) && asNumber(b, y)) {
      bool fraction = a.find_first_of(".eE") != std::string::npos || b.find_first_of(".eE") != std::string::npos;
      if (fraction && std::fabs(x - y) <= 1e-9 * std::max({1.0, std::fabs(x), std::fabs(y)})) return 0;
      if (x != y) return x < y ? -1 : 1;
   }
   return a < b ? -1 : 1;
}

bool rowLess(const std::vector<std::string>& a, const std::vector<std::string>& b) {
   for (size_t c = 0; c < std::min(a.size(), b.size()); ++c)
      if (int order = compareValues(a[c], b[c])) return order < 0;
   return a.size() < b.size();
}

Rows comparable(Rows rows) {
   for (std::vector<std::string>& row : rows)
      for (std::string& value : row) value = normalized(value);
   std::sort(rows.begin(), rows.end(), rowLess);
   return rows;
}

std::string rowText(const std::vector<std::string>& row) {
   std::string text;
   for (const std::string& value : row) text += (text.empty() ? "" : " | ") + value;
   return text;
}

/// Both databases, made once for all the queries. A test's parameters: the query's number, and
/// where kiln runs it (snapshot_reads on or off).
class ChDifferential : public testing::TestWithParam<std::tuple<int, const char*>> {
   public:
   static void SetUpTestSuite() {
      kilnDatabase_ = std::make_shared<kiln::Database>();
      kiln_ = std::make_unique<KilnTpccEngine>(kilnDatabase_);
      sqlite_ = std::make_unique<SqliteTpccEngine>(":memory:");
      prepareDatabase(*kiln_);
      prepareDatabase(*sqlite_);
      queries_ = readChQueries(KILN_SHARED_DIR);
   }
   static void TearDownTestSuite() {
      kiln_.reset();
      kilnDatabase_.reset();
      sqlite_.reset();
      sqliteRows_.clear();
   }

   protected:
   /// SQLite's rows of query `number`, asked for once.
   static const Rows& expectedRows(const ChQuery& query) {
      auto found = sqliteRows_.find(query.number);
      if (found == sqliteRows_.end()) found = sqliteRows_.emplace(query.number, comparable(rowsOf(*sqlite_, query.sql))).first;
      return found->second;
   }
   static std::shared_ptr<kiln::Database> kilnDatabase_;
   static std::unique_ptr<TpccEngine> kiln_, sqlite_;
   static std::vector<ChQuery> queries_;
   static std::map<int, Rows> sqliteRows_;
};

std::shared_ptr<kiln::Database> ChDifferential::kilnDatabase_;
std::unique_ptr<TpccEngine> ChDifferential::kiln_, ChDifferential::sqlite_;
std::vector<ChQuery> ChDifferential::queries_;
std::map<int, Rows> ChDifferential::sqliteRows_;

TEST_P(ChDifferential, SameRowsAsSqlite) {
   auto [number, snapshotReads] = GetParam();
   const ChQuery& query = queries_[size_t(number - 1)];
   const Rows& expected = expectedRows(query);
   kiln_->execute(std::string("SET snapshot_reads = ") + snapshotReads);
   uint64_t snapshotQueries = kilnDatabase_->snapshotStats().queries;
   Rows actual;
   try {
      actual = comparable(rowsOf(*kiln_, query.sql));
   } catch (const TpccError& error) {
      FAIL() << "Q" << query.number << " failed in kiln (snapshot_reads " << snapshotReads << "): " << describe(error);
   }
   // It ran where it was sent.
   bool onSnapshot = kilnDatabase_->snapshotStats().queries > snapshotQueries;
   EXPECT_EQ(onSnapshot, std::string(snapshotReads) == "on");
   std::printf("Q%d (snapshot_reads %s): %zu rows\n", query.number, snapshotReads, expected.size());
   ASSERT_EQ(actual.size(), expected.size()) << "Q" << query.number << " (snapshot_reads " << snapshotReads << "): row count";
   size_t differences = 0;
   for (size_t row = 0; row < expected.size() && differences < 5; ++row) {
      bool same = actual[row].size() == expected[row].size();
      for (size_t c = 0; same && c < expected[row].size(); ++c) same = compareValues(actual[row][c], expected[row][c]) == 0;
      if (!same) {
         ++differences;
         ADD_FAILURE() << "Q" << query.number << " (snapshot_reads " << snapshotReads << ") row " << row << ":\n  kiln:   " << rowText(actual[row])
                       << "\n  sqlite: " << rowText(expected[row]);
      }
   }
}

INSTANTIATE_TEST_SUITE_P(Queries, ChDifferential, testing::Combine(testing::Range(1, chQueryCount + 1), testing::Values("on", "off")),
                         [](const testing::TestParamInfo<std::tuple<int, const char*>>& info) {
                            return "Q" + std::to_string(std::get<0>(info.param)) +
                                   (std::string(std::get<1>(info.param)) == "on" ? "OnASnapshot" : "InTheWritersTurn");
                         });

}  // namespace

}  // namespace kiln::bench
