// TPC-C on SQLite (Debian's libsqlite3), in memory or in a file with SQLite's default settings
// (rollback journal, synchronous = FULL). $n parameters become SQLite's ?n.
#pragma once

#include "tpcc_engine.h"

#include <map>

struct sqlite3;
struct sqlite3_stmt;

namespace kiln::bench {

class SqliteTpccEngine : public TpccEngine {
   public:
   /// `path` is ":memory:" or a database file.
   explicit SqliteTpccEngine(const std::string& path);
   ~SqliteTpccEngine() override;

   std::string name() const override { return "sqlite"; }
   std::string version() const override;
   /// Prepared once per distinct text, so BEGIN and COMMIT are not parsed again and again.
   void execute(const std::string& sql) override;
   std::unique_ptr<TpccStatement> prepare(const std::string& sql) override;
   std::unique_ptr<RowWriter> load(const std::string& table) override;
   std::vector<std::string> notes() const override;

   private:
   sqlite3* db_ = nullptr;
   bool inMemory_;
   std::map<std::string, std::unique_ptr<TpccStatement>> plainStatements_;
};

}  // namespace kiln::bench
