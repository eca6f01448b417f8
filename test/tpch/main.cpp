// kiln_tpch_answers --shared DIR --data DIR [--queries 1,6] [--threads N]
// Loads TPC-H data (tpchgen-cli's .tbl files) into an in-memory database, runs the chosen queries of
// shared/tpch/queries and compares each result with shared/tpch/answers/sf0.01. Ends with "N passed, N failed".
#include "answer_file.h"
#include "value_match.h"

#include <kiln/kiln.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using kiln::tpch::Answer;

struct Options {
   std::string sharedDir = KILN_DEFAULT_SHARED_DIR;
   std::string dataDir = KILN_DEFAULT_TPCH_DATA_DIR;
   std::vector<int> queries;
   int threads = 0;  // SET threads first (0: leave the default)
};

std::string readFile(const std::string& path) {
   std::ifstream in(path);
   if (!in) throw std::runtime_error("cannot read " + path);
   std::stringstream text;
   text << in.rdbuf();
   return text.str();
}

std::string queryName(int number) {
   char name[8];
   std::snprintf(name, sizeof(name), "q%02d", number);
   return name;
}

std::string joinRow(const std::vector<std::string>& row) {
   std::string text;
   for (size_t i = 0; i < row.size(); ++i) text += (i ? "|" : "") + row[i];
   return text;
}

/// CHAR(n) is blank-padded in PostgreSQL's output; the answers hold the unpadded text.
std::string valueText(const kiln::Result& result, size_t row, size_t column) {
   std::string text = result.getString(row, column);
   if (result.columnType(column).id == kiln::TypeId::Char) text.erase(text.find_last_not_of(' ') + 1);
   return text;
}

/// Returns "" when the result matches the answer, else what differs.
std::string compare(const kiln::Result& result, const Answer& answer) {
   std::vector<std::string> columns;
   for (size_t c = 0; c < result.columnCount(); ++c) columns.push_back(result.columnName(c));
   if (columns != answer.columns) return "columns differ\n  expected: " + joinRow(answer.columns) + "\n  actual:   " + joinRow(columns) + "\n";

   std::string diff;
   int shown = 0;
   for (size_t r = 0; r < std::max(result.rowCount(), answer.rows.size()) && shown < 3; ++r) {
      std::vector<std::string> actual;
      if (r < result.rowCount())
         for (size_t c = 0; c < result.columnCount(); ++c) actual.push_back(valueText(result, r, c));
      bool same = r < answer.rows.size() && actual.size() == answer.rows[r].size();
      for (size_t c = 0; same && c < actual.size(); ++c) same = kiln::tpch::valuesMatch(answer.rows[r][c], actual[c]);
      if (same) continue;
      ++shown;
      diff += "  row " + std::to_string(r + 1) + "\n";
      diff += "    expected: " + (r < answer.rows.size() ? joinRow(answer.rows[r]) : "(no row)") + "\n";
      diff += "    actual:   " + (r < result.rowCount() ? joinRow(actual) : "(no row)") + "\n";
   }
   if (!diff.empty() && result.rowCount() != answer.rows.size())
      diff = "  " + std::to_string(answer.rows.size()) + " rows expected, " + std::to_string(result.rowCount()) + " returned\n" + diff;
   return diff;
}

bool runQuery(kiln::Connection& connection, const Options& options, int number) {
   std::string name = queryName(number);
   std::string sql;
   try {
      sql = readFile(options.sharedDir + "/tpch/queries/" + name + ".sql");
      Answer answer = kiln::tpch::readAnswer(options.sharedDir + "/tpch/answers/sf0.01/" + name + ".csv");
      // No TPC-H query needs a cross product: one in the plan means a condition was not pushed
      // down, which at SF 0.01 is merely slow but at SF 1 does not finish.
      kiln::Result plan = connection.query("EXPLAIN " + sql);
      std::string planText;
      for (size_t row = 0; row < plan.rowCount(); ++row) planText += plan.getString(row, 0) + "\n";
      if (planText.find("(every pair)") != std::string::npos) {
         std::cout << name << " FAIL\n  the plan joins every pair of rows somewhere:\n" << planText;
         return false;
      }
      kiln::Result result = connection.query(sql);
      std::string diff = compare(result, answer);
      if (diff.empty()) {
         std::printf("%s OK (%.1f ms)\n", name.c_str(), result.stats().totalMs);
         return true;
      }
      std::cout << name << " FAIL\n" << diff;
   } catch (const kiln::Error& error) {
      std::cout << name << " FAIL\n" << error.sqlstate() << ": " << error.message() << "\n" << error.format(sql) << "\n";
   } catch (const std::exception& error) {
      std::cout << name << " FAIL\n" << error.what() << "\n";
   }
   return false;
}

/// Creates the schema and COPYs every table from <data>/<table>.tbl.
void load(kiln::Database& database, kiln::Connection& connection, const Options& options) {
   connection.queryAll(readFile(options.sharedDir + "/tpch/schema.sql"));
   for (const kiln::TableInfo& table : database.tables()) {
      std::string copy = "COPY " + table.name + " FROM '" + options.dataDir + "/" + table.name + ".tbl' (FORMAT csv, DELIMITER '|')";
      kiln::Result result = connection.query(copy);
      std::printf("loaded %s: %llu rows (%.1f ms)\n", table.name.c_str(), static_cast<unsigned long long>(result.rowsAffected()), result.stats().totalMs);
   }
}

bool parseArgs(int argc, char** argv, Options& options) {
   for (int i = 1; i + 1 < argc; i += 2) {
      std::string arg = argv[i], value = argv[i + 1];
      if (arg == "--shared") options.sharedDir = value;
      else if (arg == "--data") options.dataDir = value;
      else if (arg == "--threads") options.threads = std::stoi(value);
      else if (arg == "--queries") {
         std::stringstream list(value);
         for (std::string item; std::getline(list, item, ',');) options.queries.push_back(std::stoi(item));
      } else return false;
   }
   if (argc % 2 == 0) return false;
   if (options.queries.empty())
      for (int q = 1; q <= 22; ++q) options.queries.push_back(q);
   return true;
}

}  // namespace

int main(int argc, char** argv) {
   Options options;
   try {
      if (!parseArgs(argc, argv, options)) throw std::invalid_argument("bad arguments");
   } catch (const std::exception&) {
      std::cerr << "usage: kiln_tpch_answers [--shared DIR] [--data DIR] [--queries 1,6,...] [--threads N]\n";
      return 2;
   }

   size_t passed = 0, failed = 0;
   try {
      kiln::Database database;
      kiln::Connection connection(database);
      if (options.threads > 0) connection.query("SET threads = " + std::to_string(options.threads));
      bool loaded = true;
      try {
         load(database, connection, options);
      } catch (const kiln::Error& error) {
         std::cout << "loading failed: " << error.sqlstate() << ": " << error.message() << "\n";
         loaded = false;
      } catch (const std::exception& error) {
         std::cout << "loading failed: " << error.what() << "\n";
         loaded = false;
      }
      for (int number : options.queries) (loaded && runQuery(connection, options, number) ? passed : failed) += 1;
   } catch (const std::exception& error) {
      std::cout << "database failed: " << error.what() << "\n";
      failed = options.queries.size() - passed;
   }
   std::cout << passed << " passed, " << failed << " failed\n";
   return failed == 0 ? 0 : 1;
}
