#include "kiln_engine.h"

#include <chrono>

namespace kiln::bench {

namespace {

QueryError toQueryError(const kiln::Error& error) { return QueryError(error.sqlstate(), error.message()); }

/// CHAR(n) is blank-padded in PostgreSQL's output; the answers hold the unpadded text.
std::string valueText(const kiln::Result& result, size_t row, size_t column) {
   std::string text = result.getString(row, column);
   if (result.columnType(column).id == kiln::TypeId::Char) text.erase(text.find_last_not_of(' ') + 1);
   return text;
}

ResultTable toTable(const kiln::Result& result) {
   ResultTable table;
   for (size_t c = 0; c < result.columnCount(); ++c) table.columns.push_back(result.columnName(c));
   table.rows.resize(result.rowCount());
   for (size_t r = 0; r < result.rowCount(); ++r)
      for (size_t c = 0; c < result.columnCount(); ++c) table.rows[r].push_back(valueText(result, r, c));
   return table;
}

}  // namespace

KilnEngine::KilnEngine() : connection_(database_) {}

std::string KilnEngine::version() const { return KILN_VERSION; }

std::string KilnEngine::setThreads(int threads) {
   connection_.query("SET threads = " + std::to_string(threads));
   return {};
}

std::string KilnEngine::disablePlanCache() {
   connection_.query("SET plan_cache_memory = 0");
   return {};
}

void KilnEngine::createSchema(const std::string& schemaSql) {
   try {
      connection_.queryAll(schemaSql);
   } catch (const kiln::Error& error) {
      throw toQueryError(error);
   }
}

std::vector<std::string> KilnEngine::tables() {
   std::vector<std::string> names;
   for (const kiln::TableInfo& table : database_.tables()) names.push_back(table.name);
   return names;
}

uint64_t KilnEngine::loadTable(const std::string& table, const std::string& path) {
   try {
      return connection_.query("COPY " + table + " FROM '" + path + "' (FORMAT csv, DELIMITER '|')").rowsAffected();
   } catch (const kiln::Error& error) {
      throw toQueryError(error);
   }
}

QueryRun KilnEngine::run(const std::string& sql, bool keepRows) {
   auto start = std::chrono::steady_clock::now();
   try {
      kiln::Result result = connection_.query(sql);
      QueryRun run;
      run.totalMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      run.compileMs = result.stats().compileMs;
      run.executeMs = result.stats().executeMs;
      run.rows = result.rowCount();
      if (keepRows) run.table = toTable(result);
      return run;
   } catch (const kiln::Error& error) {
      throw toQueryError(error);
   }
}

}  // namespace kiln::bench
