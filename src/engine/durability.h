// Durability of a database opened with a path: recovery (storage/recovery.h), a redo record per
// committed transaction (synchronously by default), and checkpoints written by a forked child
// from the copy-on-write image of the database at a transaction boundary: on request, after
// checkpoint_timeout, and when the log since the last one reaches half of max_wal_size (two
// checkpoints' worth of log is kept).
#pragma once

#include <sys/types.h>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>

#include "kiln/kiln.h"
#include "storage/catalog.h"
#include "storage/directory_lock.h"
#include "storage/redo_log_file.h"

namespace kiln {

class Durability {
   public:
   /// Opens (creating) the database directory and recovers its contents into `catalog`.
   Durability(std::string directory, Catalog& catalog, const OpenOptions& options);
   ~Durability();

   /// Appends a committed transaction's redo records to the log (a large log starts a
   /// checkpoint); returns the log position the transaction is durable at. Without `synchronous`
   /// commit no one will wait for the position: the records are written to the file now.
   uint64_t commit(const std::string& records, bool synchronous);
   /// Group commit: waits until the log is on disk up to `position`. Called after the
   /// transaction's turn, so that the next transactions run meanwhile; the first waiter writes
   /// and syncs for all.
   void waitDurable(uint64_t position);
   /// Writes a checkpoint (in a child process); `wait`: until it is on disk.
   void checkpoint(bool wait);
   /// What a forced recovery restored and left out; empty when nothing was damaged.
   const std::string& recoveryReport() const { return recoveryReport_; }

   private:
   void finishCheckpoint(bool wait);
   /// After a sync: writes the records of commits without synchronous commit that came during it
   /// (they found the file busy). Called by the syncing waiter, holding `lock`.
   void writeAsynchronous(std::unique_lock<std::mutex>& lock);

   std::string directory_;
   std::unique_ptr<DirectoryLock> lock_;  // held while open; goes last
   Catalog& catalog_;
   OpenOptions options_;
   std::string recoveryReport_;
   uint64_t sequence_ = 0;  // the log file written now: wal.<sequence>
   std::unique_ptr<RedoLogFile> log_;
   pid_t checkpointer_ = -1;
   // Group commit: positions count bytes over all log files of this session.
   std::mutex syncMutex_;
   std::condition_variable synced_;
   uint64_t written_ = 0;      // appended
   uint64_t syncedUpTo_ = 0;  // on disk
   uint64_t fileStart_ = 0;   // where the current log file starts
   bool syncing_ = false;     // a waiter writes and syncs; the others wait for it
   bool unwrittenAsynchronous_ = false;  // a commit without synchronous commit came while syncing
   std::string batch_;        // the records it writes (its memory serves the next)
   uint64_t checkpointCovers_ = 0;  // of the checkpoint being written
   uint64_t newestCheckpoint_ = 0, previousCheckpoint_ = 0;  // on disk
   int64_t lastCheckpointTime_;  // steady clock, microseconds
};

}  // namespace kiln
