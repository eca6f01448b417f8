// Primary-key lookups that differ only in their constant: the cost of SQL sent as text against
// one prepared statement, in kiln (Connection::query with its plan cache, and with the cache off;
// PreparedStatement) and in SQLite (sqlite3_prepare_v2 + step each time, one statement reset and
// bound). The five ways alternate within each run; the medians of the runs are reported, in
// microseconds per lookup.
//   kiln-point-bench [--lookups N] [--rows R] [--runs K]
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "machine_info.h"

namespace {

struct Settings {
   int64_t lookups = 2000;
   int64_t rows = 10000;
   int runs = 3;
};

[[noreturn]] void usage(const std::string& problem) {
   std::cerr << "kiln-point-bench: " << problem << "\nusage: kiln-point-bench [--lookups N] [--rows R] [--runs K]\n";
   std::exit(2);
}

int64_t positive(const std::string& text, const std::string& option) {
   try {
      size_t used = 0;
      long long value = std::stoll(text, &used);
      if (used == text.size() && value > 0) return value;
   } catch (...) {}
   usage(option + " takes a positive number, not \"" + text + "\"");
}

Settings parse(int argc, char** argv) {
   Settings settings;
   for (int i = 1; i < argc; ++i) {
      std::string option = argv[i];
      if (i + 1 >= argc) usage(option + " needs a value");
      std::string value = argv[++i];
      if (option == "--lookups") settings.lookups = positive(value, option);
      else if (option == "--rows") settings.rows = positive(value, option);
      else if (option == "--runs") settings.runs = int(positive(value, option));
      else usage("unknown option " + option);
   }
   return settings;
}

/// The id of lookup `i`: spread over the table, each lookup a different constant.
int64_t idOf(int64_t i, int64_t rows) { return (i * 7919) % rows + 1; }
int64_t expectedValue(int64_t id) { return id * 3; }

void check(int64_t got, int64_t id) {
   if (got != expectedValue(id)) throw kiln::Error("XX000", "lookup of " + std::to_string(id) + " gave " + std::to_string(got));
}

const std::string lookupText = "SELECT v FROM item WHERE id = ";

class Sqlite {
   public:
   explicit Sqlite(int64_t rows) {
      if (sqlite3_open(":memory:", &db_) != SQLITE_OK) throw kiln::Error("58000", "sqlite3_open failed");
      exec("CREATE TABLE item (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)");
      exec("WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < " + std::to_string(rows) + ") INSERT INTO item SELECT i, i * 3 FROM g");
   }
   ~Sqlite() { sqlite3_close(db_); }

   /// Each lookup prepared from its text, stepped and finalized.
   void asText(int64_t lookups, int64_t rows) {
      for (int64_t i = 0; i < lookups; ++i) {
         int64_t id = idOf(i, rows);
         std::string sql = lookupText + std::to_string(id);
         sqlite3_stmt* statement = nullptr;
         if (sqlite3_prepare_v2(db_, sql.c_str(), int(sql.size()), &statement, nullptr) != SQLITE_OK) fail();
         if (sqlite3_step(statement) != SQLITE_ROW) fail();
         check(sqlite3_column_int64(statement, 0), id);
         sqlite3_finalize(statement);
      }
   }

   /// One statement, reset and bound for each lookup.
   void prepared(int64_t lookups, int64_t rows) {
      sqlite3_stmt* statement = nullptr;
      std::string sql = lookupText + "?";
      if (sqlite3_prepare_v2(db_, sql.c_str(), int(sql.size()), &statement, nullptr) != SQLITE_OK) fail();
      for (int64_t i = 0; i < lookups; ++i) {
         int64_t id = idOf(i, rows);
         sqlite3_reset(statement);
         sqlite3_bind_int64(statement, 1, id);
         if (sqlite3_step(statement) != SQLITE_ROW) fail();
         check(sqlite3_column_int64(statement, 0), id);
      }
      sqlite3_finalize(statement);
   }

   private:
   void exec(const std::string& sql) {
      if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) fail();
   }
   [[noreturn]] void fail() { throw kiln::Error("XX000", std::string("sqlite: ") + sqlite3_errmsg(db_)); }

   sqlite3* db_ = nullptr;
};

void kilnAsText(kiln::Connection& con, int64_t lookups, int64_t rows) {
   for (int64_t i = 0; i < lookups; ++i) {
      int64_t id = idOf(i, rows);
      check(con.query(lookupText + std::to_string(id)).getInt64(0, 0), id);
   }
}

void kilnPrepared(kiln::Connection& con, int64_t lookups, int64_t rows) {
   kiln::PreparedStatement statement = con.prepare(lookupText + "$1");
   for (int64_t i = 0; i < lookups; ++i) {
      int64_t id = idOf(i, rows);
      check(statement.bind(1, id).execute().getInt64(0, 0), id);
   }
}

template <typename Work>
double microsPerLookup(int64_t lookups, Work work) {
   auto start = std::chrono::steady_clock::now();
   work();
   return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / double(lookups);
}

double median(std::vector<double> values) {
   std::sort(values.begin(), values.end());
   return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
   Settings s = parse(argc, argv);
   kiln::bench::Machine machine = kiln::bench::describeMachine();
   std::printf("kiln-point-bench\n");
   std::printf("machine   %s\n", kiln::bench::machineSummary(machine).c_str());
   std::printf("commit    %s\n", kiln::bench::gitCommit(KILN_SOURCE_DIR).c_str());
   std::printf("settings  lookups=%lld rows=%lld runs=%d (%s<constant>, each lookup another id; in memory, one thread)\n\n", (long long)s.lookups,
               (long long)s.rows, s.runs, lookupText.c_str());
   const char* names[] = {"kiln query() text", "kiln prepared", "sqlite prepare+step text", "sqlite prepared", "kiln text, cache off"};
   constexpr int ways = 5;
   std::vector<double> micros[ways];
   try {
      kiln::Database db;
      kiln::Connection con(db);
      kiln::Connection uncached(db);
      uncached.query("SET plan_cache_memory = 0");
      con.query("CREATE TABLE item (id INTEGER PRIMARY KEY, v BIGINT NOT NULL)");
      con.query("INSERT INTO item SELECT g, g * 3 FROM generate_series(1, " + std::to_string(s.rows) + ") AS g");
      Sqlite sqlite(s.rows);
      for (int run = 0; run < s.runs; ++run) {
         micros[0].push_back(microsPerLookup(s.lookups, [&] { kilnAsText(con, s.lookups, s.rows); }));
         micros[1].push_back(microsPerLookup(s.lookups, [&] { kilnPrepared(con, s.lookups, s.rows); }));
         micros[2].push_back(microsPerLookup(s.lookups, [&] { sqlite.asText(s.lookups, s.rows); }));
         micros[3].push_back(microsPerLookup(s.lookups, [&] { sqlite.prepared(s.lookups, s.rows); }));
         micros[4].push_back(microsPerLookup(s.lookups, [&] { kilnAsText(uncached, s.lookups, s.rows); }));
      }
   } catch (const kiln::Error& error) {
      std::cerr << "kiln-point-bench: " << error.what() << "\n";
      return 1;
   }
   std::printf("%-26s %16s\n", "lookup sent as", "median us each");
   for (int m = 0; m < ways; ++m) std::printf("%-26s %16.2f\n", names[m], median(micros[m]));
   std::printf("\nkiln text / kiln prepared: %.1fx; kiln text / sqlite text: %.1fx; kiln text, cache off / cache on: %.1fx\n",
               median(micros[0]) / median(micros[1]), median(micros[0]) / median(micros[2]), median(micros[4]) / median(micros[0]));
   return 0;
}
