// The runner's view of kiln: an in-memory Database loaded through COPY.
#pragma once

#include "query_engine.h"

#include <kiln/kiln.h>

namespace kiln::bench {

class KilnEngine : public QueryEngine {
   public:
   KilnEngine();

   std::string name() const override { return "kiln"; }
   std::string version() const override;
   std::string setThreads(int threads) override;
   std::string disablePlanCache() override;
   void createSchema(const std::string& schemaSql) override;
   std::vector<std::string> tables() override;
   uint64_t loadTable(const std::string& table, const std::string& path) override;
   QueryRun run(const std::string& sql, bool keepRows) override;
   bool hasPostgresColumnNames() const override { return true; }

   private:
   kiln::Database database_;
   kiln::Connection connection_;
};

}  // namespace kiln::bench
