// SQLite (Debian's libsqlite3) in memory, over the same .tbl files, for a side-by-side comparison.
#pragma once

#include "query_engine.h"

#include <chrono>
#include <functional>

struct sqlite3;

namespace kiln::bench {

class SqliteEngine : public QueryEngine {
   public:
   /// Called now and then while a table loads, with the bytes of its file read so far and in all.
   using LoadProgress = std::function<void(const std::string& table, uint64_t done, uint64_t total)>;

   /// timeoutSeconds <= 0: no timeout.
   SqliteEngine(double timeoutSeconds, LoadProgress onLoadProgress);
   ~SqliteEngine() override;

   std::string name() const override { return "sqlite"; }
   std::string version() const override;
   std::string setThreads(int threads) override;
   std::string disablePlanCache() override { return "SQLite prepares each query's text anew: it keeps no plans"; }
   void createSchema(const std::string& schemaSql) override;
   std::vector<std::string> tables() override;
   uint64_t loadTable(const std::string& table, const std::string& path) override;
   QueryRun run(const std::string& sql, bool keepRows) override;
   bool hasPostgresColumnNames() const override { return false; }

   private:
   void exec(const std::string& sql);
   QueryError lastError(const std::string& context) const;
   /// sqlite3_progress_handler's callback: non-zero interrupts the statement.
   static int checkDeadline(void* engine);

   sqlite3* db_ = nullptr;
   double timeoutSeconds_;
   LoadProgress onLoadProgress_;
   std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
};

}  // namespace kiln::bench
