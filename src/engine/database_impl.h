// The state behind a Database: its catalog, the undo log, redo records and savepoints of the
// running transaction, and the lock that runs transactions one at a time.
#pragma once

#include <condition_variable>
#include <mutex>

#include "kiln/kiln.h"
#include "engine/durability.h"
#include "engine/savepoints.h"
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

   /// Waits until no other connection's transaction runs, then makes `connection` the owner.
   void acquire(const void* connection) {
      std::unique_lock lock(mutex_);
      released_.wait(lock, [&] { return owner_ == nullptr || owner_ == connection; });
      owner_ = connection;
   }
   void release(const void* connection) {
      {
         std::lock_guard lock(mutex_);
         if (owner_ == connection) owner_ = nullptr;
      }
      released_.notify_one();
   }

   private:
   std::mutex mutex_;
   std::condition_variable released_;
   const void* owner_ = nullptr;
};

}  // namespace kiln
