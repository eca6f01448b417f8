#include "sqlite_engine.h"

#include "sqlite_dialect.h"
#include "tbl_reader.h"

#include <sqlite3.h>

#include <cstdio>
#include <memory>

namespace kiln::bench {

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

struct StatementDeleter {
   void operator()(sqlite3_stmt* statement) const { sqlite3_finalize(statement); }
};
using Statement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;

// Checked every this many virtual-machine instructions: often enough for a timely timeout, rarely
// enough to cost nothing measurable.
constexpr int progressInterval = 100000;

/// SQLite has no exact decimals: DECIMAL columns hold doubles, and so do sums of money. A REAL is
/// written with 17 significant digits (SQLite's own text keeps 15, which can make a rounding error
/// look like a wrong cent), so binary rounding shows as such and the answer check compares it with
/// the tolerance for inexact numbers instead of digit by digit.
std::string valueText(sqlite3_stmt* statement, int column) {
   switch (sqlite3_column_type(statement, column)) {
      case SQLITE_NULL: return "";
      case SQLITE_FLOAT: {
         char text[32];
         std::snprintf(text, sizeof(text), "%.17g", sqlite3_column_double(statement, column));
         return text;
      }
      default: return reinterpret_cast<const char*>(sqlite3_column_text(statement, column));
   }
}

}  // namespace

SqliteEngine::SqliteEngine(double timeoutSeconds, LoadProgress onLoadProgress) : timeoutSeconds_(timeoutSeconds), onLoadProgress_(std::move(onLoadProgress)) {
   if (sqlite3_open(":memory:", &db_) != SQLITE_OK) throw QueryError("sqlite", "cannot open an in-memory SQLite database");
   exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY");
   exec("PRAGMA case_sensitive_like = ON");  // as LIKE is in PostgreSQL
   sqlite3_progress_handler(db_, progressInterval, &SqliteEngine::checkDeadline, this);
}

SqliteEngine::~SqliteEngine() { sqlite3_close(db_); }

std::string SqliteEngine::version() const { return sqlite3_libversion(); }

std::string SqliteEngine::setThreads(int threads) {
   exec("PRAGMA threads = " + std::to_string(threads));
   return threads > 1 ? "SQLite runs each query on one thread; PRAGMA threads only lets large sorts use helper threads" : "";
}

void SqliteEngine::createSchema(const std::string& schemaSql) { exec(schemaSql); }

std::vector<std::string> SqliteEngine::tables() {
   sqlite3_stmt* raw = nullptr;
   if (sqlite3_prepare_v2(db_, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rowid", -1, &raw, nullptr) != SQLITE_OK)
      throw lastError("listing tables");
   Statement statement(raw);
   std::vector<std::string> names;
   while (sqlite3_step(raw) == SQLITE_ROW) names.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(raw, 0)));
   return names;
}

uint64_t SqliteEngine::loadTable(const std::string& table, const std::string& path) {
   sqlite3_stmt* raw = nullptr;
   if (sqlite3_prepare_v2(db_, ("SELECT * FROM " + table).c_str(), -1, &raw, nullptr) != SQLITE_OK) throw lastError("loading " + table);
   int columns = sqlite3_column_count(raw);
   sqlite3_finalize(raw);
   std::string insert = "INSERT INTO " + table + " VALUES (";
   for (int c = 0; c < columns; ++c) insert += c ? ", ?" : "?";
   insert += ")";
   if (sqlite3_prepare_v2(db_, insert.c_str(), -1, &raw, nullptr) != SQLITE_OK) throw lastError("loading " + table);
   Statement statement(raw);

   TblReader reader(path);
   std::vector<std::string_view> fields;
   uint64_t rows = 0;
   exec("BEGIN");
   while (reader.next(fields)) {
      if (int(fields.size()) != columns)
         throw QueryError(
            "22P04", path + " line " + std::to_string(rows + 1) + ": " + std::to_string(fields.size()) + " fields, " + std::to_string(columns) + " expected");
      // Text bound into typed columns is converted by the column's affinity, as a .import would.
      for (int c = 0; c < columns; ++c) {
         if (fields[c].empty()) sqlite3_bind_null(raw, c + 1);
         else sqlite3_bind_text(raw, c + 1, fields[c].data(), int(fields[c].size()), SQLITE_STATIC);
      }
      if (sqlite3_step(raw) != SQLITE_DONE) throw lastError("loading " + table);
      sqlite3_reset(raw);
      if (++rows % 65536 == 0 && onLoadProgress_) onLoadProgress_(table, reader.offset(), reader.size());
   }
   exec("COMMIT");
   return rows;
}

QueryRun SqliteEngine::run(const std::string& sql, bool keepRows) {
   std::string text = toSqliteDialect(sql);
   QueryRun run;
   Clock::time_point start = Clock::now();
   deadline_ = timeoutSeconds_ > 0 ? start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeoutSeconds_))
                                   : Clock::time_point::max();
   sqlite3_stmt* raw = nullptr;
   if (sqlite3_prepare_v2(db_, text.c_str(), -1, &raw, nullptr) != SQLITE_OK) throw lastError("");
   Statement statement(raw);
   run.compileMs = millisecondsSince(start);

   int columns = sqlite3_column_count(raw);
   if (keepRows)
      for (int c = 0; c < columns; ++c) run.table.columns.emplace_back(sqlite3_column_name(raw, c));
   int status;
   while ((status = sqlite3_step(raw)) == SQLITE_ROW) {
      ++run.rows;
      if (!keepRows) continue;
      std::vector<std::string>& row = run.table.rows.emplace_back();
      for (int c = 0; c < columns; ++c) row.push_back(valueText(raw, c));
   }
   if (status == SQLITE_INTERRUPT) {
      char seconds[32];
      std::snprintf(seconds, sizeof(seconds), "%g", timeoutSeconds_);
      throw QueryError("57014", std::string("canceled after the timeout of ") + seconds + " s");
   }
   if (status != SQLITE_DONE) throw lastError("");
   run.totalMs = millisecondsSince(start);
   run.executeMs = run.totalMs - run.compileMs;
   return run;
}

void SqliteEngine::exec(const std::string& sql) {
   char* message = nullptr;
   if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      std::string text = message ? message : "unknown error";
      sqlite3_free(message);
      throw QueryError("sqlite", text);
   }
}

QueryError SqliteEngine::lastError(const std::string& context) const {
   return QueryError("sqlite", (context.empty() ? "" : context + ": ") + sqlite3_errmsg(db_));
}

int SqliteEngine::checkDeadline(void* engine) { return Clock::now() >= static_cast<SqliteEngine*>(engine)->deadline_ ? 1 : 0; }

}  // namespace kiln::bench
