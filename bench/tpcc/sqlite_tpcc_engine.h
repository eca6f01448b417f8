// TPC-C on SQLite (Debian's libsqlite3), in memory or in a file with SQLite's default settings
// (rollback journal, synchronous = FULL). $n parameters become SQLite's ?n. Sessions share the
// one connection (an in-memory database is a connection's own) and take turns, a transaction at a
// time: SQLite's commits have no group commit to share anyway.
#pragma once

#include "tpcc_engine.h"

#include <map>
#include <memory>
#include <mutex>

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
   void begin() override;
   void commit() override;
   void rollback() override;
   std::unique_ptr<TpccEngine> openSession() override;

   /// The connection of all sessions, and the lock that runs their transactions one at a time.
   struct SharedConnection {
      sqlite3* db = nullptr;
      std::mutex transactionLock;
      ~SharedConnection();
   };

   private:
   explicit SqliteTpccEngine(std::shared_ptr<SharedConnection> connection, bool inMemory);
   /// Ends the transaction with COMMIT or ROLLBACK and lets the next session's begin.
   void end(const std::string& sql);

   std::shared_ptr<SharedConnection> connection_;
   sqlite3* db_;  // connection_->db
   bool inMemory_;
   std::unique_lock<std::mutex> transaction_;  // held from begin() to commit() or rollback()
   std::map<std::string, std::unique_ptr<TpccStatement>> plainStatements_;
};

}  // namespace kiln::bench
