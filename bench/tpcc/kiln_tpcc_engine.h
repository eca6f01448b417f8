// TPC-C on kiln: prepared statements from Connection::prepare, BEGIN/COMMIT through query(), and
// the population written to CSV files in a temporary directory and COPYed in. Each session is a
// Connection of its own; kiln serializes their transactions and groups their commits' syncs.
#pragma once

#include "tpcc_engine.h"

#include <kiln/kiln.h>

namespace kiln::bench {

class KilnTpccEngine : public TpccEngine {
   public:
   /// `path` is ":memory:" or the directory of a database on disk. Throws TpccError (0A000 while
   /// kiln cannot keep databases on disk).
   explicit KilnTpccEngine(const std::string& path);
   /// A session of its own (a Connection) on `database`.
   explicit KilnTpccEngine(std::shared_ptr<kiln::Database> database);
   ~KilnTpccEngine() override;

   std::string name() const override { return "kiln"; }
   std::string version() const override { return KILN_VERSION; }
   void execute(const std::string& sql) override;
   std::unique_ptr<TpccStatement> prepare(const std::string& sql) override;
   /// Through Connection::query, and so its plan cache.
   std::unique_ptr<TpccStatement> runText(const std::string& sql) override;
   std::unique_ptr<RowWriter> load(const std::string& table) override;
   std::unique_ptr<TpccEngine> openSession() override;
   /// A session like any other, but timing its statements: their stats say whether they ran on a
   /// snapshot.
   std::unique_ptr<TpccEngine> openReader() override;
   void cancel() override { connection_->cancel(); }
   std::optional<SnapshotCounters> snapshotCounters() const override;

   private:
   std::shared_ptr<kiln::Database> database_;
   std::unique_ptr<kiln::Connection> connection_;
   std::string csvDirectory_;  // created on the first load, removed with the engine
};

}  // namespace kiln::bench
