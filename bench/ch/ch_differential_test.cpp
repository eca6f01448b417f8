// The 22 CH-benCHmark queries at one warehouse give the same rows in kiln as in SQLite, an
// independent implementation, on the same data: both populated alike and then changed by the same
// transactions, dated by a clock that steps one second per reading. Rows are compared in one
// order (ties of ORDER BY keys may come in any order); numbers with a fraction within a relative
// 1e-9 (SQLite keeps money in doubles), CHAR values without their padding, timestamps as values.
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
#include <regex>

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

/// Both databases, made once for all the queries.
class ChDifferential : public testing::TestWithParam<int> {
   public:
   static void SetUpTestSuite() {
      kiln_ = std::make_unique<KilnTpccEngine>(":memory:");
      sqlite_ = std::make_unique<SqliteTpccEngine>(":memory:");
      prepareDatabase(*kiln_);
      prepareDatabase(*sqlite_);
      queries_ = readChQueries(KILN_SHARED_DIR);
   }
   static void TearDownTestSuite() {
      kiln_.reset();
      sqlite_.reset();
   }

   protected:
   static std::unique_ptr<TpccEngine> kiln_, sqlite_;
   static std::vector<ChQuery> queries_;
};

std::unique_ptr<TpccEngine> ChDifferential::kiln_, ChDifferential::sqlite_;
std::vector<ChQuery> ChDifferential::queries_;

TEST_P(ChDifferential, SameRowsAsSqlite) {
   const ChQuery& query = queries_[size_t(GetParam() - 1)];
   Rows expected = comparable(rowsOf(*sqlite_, query.sql));
   Rows actual;
   try {
      actual = comparable(rowsOf(*kiln_, query.sql));
   } catch (const TpccError& error) {
      FAIL() << "Q" << query.number << " failed in kiln: " << describe(error);
   }
   std::printf("Q%d: %zu rows\n", query.number, expected.size());
   ASSERT_EQ(actual.size(), expected.size()) << "Q" << query.number << ": row count";
   size_t differences = 0;
   for (size_t row = 0; row < expected.size() && differences < 5; ++row) {
      bool same = actual[row].size() == expected[row].size();
      for (size_t c = 0; same && c < expected[row].size(); ++c) same = compareValues(actual[row][c], expected[row][c]) == 0;
      if (!same) {
         ++differences;
         ADD_FAILURE() << "Q" << query.number << " row " << row << ":\n  kiln:   " << rowText(actual[row]) << "\n  sqlite: " << rowText(expected[row]);
      }
   }
}

INSTANTIATE_TEST_SUITE_P(Queries, ChDifferential, testing::Range(1, chQueryCount + 1),
                         [](const testing::TestParamInfo<int>& info) { return "Q" + std::to_string(info.param); });

}  // namespace

}  // namespace kiln::bench
