// The savepoints of the running transaction: named positions in its undo log and in its redo
// records, oldest first. Names may repeat; the newest savepoint of a name is the one meant.
#pragma once

#include <string>
#include <vector>

#include "engine/session_settings.h"

namespace kiln {

class Savepoints {
   public:
   struct Savepoint {
      std::string name;
      size_t undoMark;  // the undo log's mark when it was set
      size_t redoSize;  // the size of the transaction's redo records then
      SessionSettings settings, settingsAtCommit;  // the connection's then, and those COMMIT would keep
   };

   /// SAVEPOINT name.
   void define(Savepoint savepoint) { stack_.push_back(std::move(savepoint)); }
   /// ROLLBACK TO name: destroys the savepoints set after it and returns it (it stays defined).
   /// Throws 3B001 when there is none of that name.
   const Savepoint& rollbackTo(const std::string& name);
   /// RELEASE name: destroys it and the savepoints set after it. Throws 3B001 when there is none.
   void release(const std::string& name);
   /// The transaction ended.
   void clear() { stack_.clear(); }

   private:
   /// The position of the newest savepoint called `name`.
   size_t find(const std::string& name) const;
   std::vector<Savepoint> stack_;
};

/// What a transaction block keeps beside its changes: its savepoints, and the connection's
/// settings when it began (ROLLBACK puts them back) and those its COMMIT keeps (its SETs, not its
/// SET LOCALs); kept from the block's first SET or SAVEPOINT on (`settingsKept`), so that a block
/// without them copies nothing. The writer's block has the database's; a READ ONLY block, which
/// runs beside it, its own.
struct BlockState {
   Savepoints savepoints;
   SessionSettings settingsAtBegin, settingsAtCommit;
   bool settingsKept = false;
   void keepSettings(const SessionSettings& now) {
      settingsAtBegin = settingsAtCommit = now;
      settingsKept = true;
   }
};

}  // namespace kiln
