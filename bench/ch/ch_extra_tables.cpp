#include "ch_extra_tables.h"

#include "text_file.h"

#include <kiln/kiln.h>

#include <chrono>
#include <cstdio>
#include <regex>

namespace kiln::bench {

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

/// The nation keys: the ASCII codes of 0-9, A-Z and a-z, the first letter of a customer's c_state.
int64_t nationKey(int64_t index) { return index < 10 ? '0' + index : index < 36 ? 'A' + index - 10 : 'a' + index - 36; }

/// The statement without the comment lines before it.
std::string withoutLeadingComments(const std::string& sql) {
   size_t at = 0;
   for (;;) {
      at = sql.find_first_not_of(" \t\r\n", at);
      if (at == std::string::npos || sql.compare(at, 2, "--") != 0) break;
      at = sql.find('\n', at);
   }
   return at == std::string::npos ? "" : sql.substr(at);
}

std::string lowerCaseLetters(TpccRandom& random, int minLength, int maxLength) {
   std::string text(size_t(random.uniform(minLength, maxLength)), ' ');
   for (char& c : text) c = char('a' + random.uniform(0, 25));
   return text;
}

/// Keys 0..9999, which is what mod(s_w_id * s_i_id, 10000) in the queries reaches (benchbase's
/// 1..10000 leaves supplier 10000 unreferenced and some stock rows without a supplier); the other
/// columns as TPC-H's SUPPLIER (name, phone, balance) or benchbase (address, comment: random
/// lower-case letters, so that Q16's '%bad%' hits about 0.4%).
void supplier(RowWriter& row, TpccRandom& random) {
   for (int key = 0; key < supplierCount; ++key) {
      int64_t nation = nationKey(random.uniform(0, 61));
      char name[32], phone[32];
      std::snprintf(name, sizeof(name), "Supplier#%09d", key);
      std::snprintf(phone, sizeof(phone), "%02d-%03d-%03d-%04d", int(nation % 90 + 10), int(random.uniform(100, 999)), int(random.uniform(100, 999)),
                    int(random.uniform(1000, 9999)));
      row.integer(key);
      row.text(name);
      row.text(random.aString(20, 40));
      row.integer(nation);
      row.text(phone);
      row.decimal(random.uniform(-99999, 999999), 2);
      row.text(lowerCaseLetters(random, 51, 101));
      row.endRow();
   }
}

}  // namespace

std::vector<TpccTableLoad> createChExtraTables(TpccEngine& engine, const std::string& sharedDir, TpccRandom& random) {
   static const std::regex drop(R"(^DROP\s)", std::regex::icase), insert(R"(^INSERT\s+INTO\s+(\w+))", std::regex::icase);
   std::vector<TpccTableLoad> loads;
   for (const std::string& text : kiln::splitStatements(readTextFile(sharedDir + "/chbench/extra_schema.sql"))) {
      std::string sql = withoutLeadingComments(text);
      std::smatch table;
      if (sql.empty() || std::regex_search(sql, drop)) continue;
      if (!std::regex_search(sql, table, insert)) {
         engine.execute(sql);
         continue;
      }
      Clock::time_point start = Clock::now();
      std::unique_ptr<TpccStatement> statement = engine.prepare(sql);
      statement->execute();
      loads.push_back({table[1].str(), statement->rowsAffected(), millisecondsSince(start)});
   }
   Clock::time_point start = Clock::now();
   std::unique_ptr<RowWriter> writer = engine.load("supplier");
   supplier(*writer, random);
   uint64_t rows = writer->finish();
   loads.push_back({"supplier", rows, millisecondsSince(start)});
   return loads;
}

}  // namespace kiln::bench
