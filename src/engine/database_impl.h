// The state behind a Database: its catalog, the undo log, redo records and savepoints of the
// running transaction, and the turns that run transactions one at a time.
#pragma once

#include "kiln/kiln.h"
#include "engine/durability.h"
#include "engine/savepoints.h"
#include "engine/serial_turns.h"
#include "engine/statement_watchdog.h"
#include "storage/binary_io.h"
#include "storage/catalog.h"
#include "storage/undo_log.h"

namespace kiln {

class DatabaseImpl {
   public:
   Catalog catalog;
   UndoLog undo;
   /// Changes whenever what statements are bound against may have changed (DDL, rollbacks).
   uint64_t catalogVersion = 0;
   /// For a database on disk: the log and checkpoints.
   std::unique_ptr<Durability> durability;
   /// The redo records of the running transaction's statements so far.
   BinaryWriter pendingRedo;
   /// The running transaction block's savepoints.
   Savepoints savepoints;
   /// The settings of the connection running a block when it began (ROLLBACK puts them back), and
   /// those its COMMIT keeps (its SETs, not its SET LOCALs); kept from the block's first SET or
   /// SAVEPOINT on (`settingsKept`), so that a block without them copies nothing.
   SessionSettings settingsAtBegin, settingsAtCommit;
   bool settingsKept = false;
   void keepSettings(const SessionSettings& now) {
      settingsAtBegin = settingsAtCommit = now;
      settingsKept = true;
   }

   /// The transactions' turns on the one writer.
   SerialTurns turns;
   StatementWatchdog watchdog;  // statement_timeout
};

}  // namespace kiln
