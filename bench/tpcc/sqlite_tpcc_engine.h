// TPC-C on SQLite (Debian's libsqlite3), in memory or in a file with SQLite's default settings
// (rollback journal, synchronous = FULL), or in WAL mode. Statements are PostgreSQL's text turned
// into SQLite's dialect ($n parameters become ?n; see sqlite_dialect.h); LIKE is case-sensitive
// and ascii() and an integer mod() are PostgreSQL's, as the CH-benCHmark's queries want. Sessions
// share the one connection (an in-memory database is a connection's own) and take turns, a
// transaction at a time: SQLite's commits have no group commit to share anyway. Readers (WAL mode
// only) have connections of their own and run beside the writer, SQLite's way of letting them.
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
   enum class Journal { Default, WriteAheadLog };

   /// `path` is ":memory:" or a database file (WriteAheadLog needs a file).
   explicit SqliteTpccEngine(const std::string& path, Journal journal = Journal::Default);
   ~SqliteTpccEngine() override;

   std::string name() const override { return "sqlite"; }
   std::string version() const override;
   /// Prepared once per distinct text, so BEGIN and COMMIT are not parsed again and again.
   void execute(const std::string& sql) override;
   std::unique_ptr<TpccStatement> prepare(const std::string& sql) override;
   std::unique_ptr<TpccStatement> runText(const std::string& sql) override;
   std::unique_ptr<RowWriter> load(const std::string& table) override;
   std::vector<std::string> notes() const override;
   void begin() override;
   void commit() override;
   void rollback() override;
   std::unique_ptr<TpccEngine> openSession() override;
   /// A connection of its own on the same file; TpccError 0A000 unless in WAL mode.
   std::unique_ptr<TpccEngine> openReader() override;
   void cancel() override;

   /// The connection of all sessions, and the lock that runs their transactions one at a time.
   struct SharedConnection {
      sqlite3* db = nullptr;
      std::mutex transactionLock;
      ~SharedConnection();
   };

   private:
   SqliteTpccEngine(std::shared_ptr<SharedConnection> connection, std::string path, Journal journal);
   /// Ends the transaction with COMMIT or ROLLBACK and lets the next session's begin.
   void end(const std::string& sql);

   std::shared_ptr<SharedConnection> connection_;
   sqlite3* db_;  // connection_->db
   std::string path_;
   Journal journal_;
   std::unique_lock<std::mutex> transaction_;  // held from begin() to commit() or rollback()
   std::map<std::string, std::unique_ptr<TpccStatement>> plainStatements_;
};

}  // namespace kiln::bench
