// The state behind a Database: its catalog, the undo log, redo records and savepoints of the
// running transaction, and the turns that run transactions one at a time.
#pragma once

#include "engine/durability.h"
#include "engine/plan_cache.h"
#include "engine/savepoints.h"
#include "engine/serial_turns.h"
#include "engine/snapshot_pool.h"
#include "engine/statement_watchdog.h"
#include "kiln/kiln.h"
#include "storage/binary_io.h"
#include "storage/catalog.h"
#include "storage/undo_log.h"

namespace kiln {

class DatabaseImpl {
   public:
   explicit DatabaseImpl(const OpenOptions& openOptions) : options(openOptions) {}

   const OpenOptions options;
   Catalog catalog;
   UndoLog undo;
   /// Changes whenever what statements are bound against may have changed (DDL, rollbacks).
   uint64_t catalogVersion = 0;
   /// For a database on disk: the log and checkpoints.
   std::unique_ptr<Durability> durability;
   /// The redo records of the running transaction's statements so far.
   BinaryWriter pendingRedo;
   /// The savepoints and settings of the block whose turn it is.
   BlockState block;

   /// The transactions' turns on the one writer.
   SerialTurns turns;
   /// Held by the connection whose turn it is while it changes the database (a statement, a
   /// commit, a rollback), and by the fork() of a snapshot, which so never sees a change halfway.
   std::mutex changing;
   /// Connections open: with one alone, no query on a snapshot would spare another its wait.
   std::atomic<int> connections{0};
   /// Transactions committed that changed something: a snapshot made at count n holds them all.
   std::atomic<uint64_t> commits{0};

   StatementWatchdog watchdog;  // statement_timeout
   /// Compiled plans of statements sent as text.
   PlanCache planCache;
   /// Last: its processes end before the rest of the database goes.
   SnapshotPool snapshots;
};

}  // namespace kiln
