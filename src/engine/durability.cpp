#include "engine/durability.h"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "common/timestamp.h"
#include "storage/checkpoint.h"
#include "storage/recovery.h"
#include "storage/statistics.h"

namespace kiln {

namespace fs = std::filesystem;

namespace {

int64_t steadyMicros() { return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

/// Now, as a TIMESTAMPTZ.
int64_t wallClock() {
   auto sinceUnixEpoch = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch());
   return sinceUnixEpoch.count() - timestamp::unixEpochOffset;
}

}  // namespace

Durability::Durability(std::string directory, Catalog& catalog, const OpenOptions& options)
   : directory_(std::move(directory)), catalog_(catalog), options_(options), lastCheckpointTime_(steadyMicros()) {
   std::error_code error;
   fs::create_directories(directory_, error);
   if (error || !fs::is_directory(directory_)) throw Error("58030", "could not create database directory \"" + directory_ + "\": " + error.message());
   lock_ = std::make_unique<DirectoryLock>(directory_);
   RecoveryOutcome recovered = recoverDirectory(directory_, catalog_, options.forceRecovery);
   recoveryReport_ = std::move(recovered.forcedReport);
   newestCheckpoint_ = recovered.newestCheckpoint;
   previousCheckpoint_ = recovered.previousCheckpoint;
   sequence_ = recovered.nextLogSequence;
   log_ = std::make_unique<RedoLogFile>(logFile(directory_, sequence_), sequence_);
   for (const Table* table : catalog_.tables()) analyzeTable(const_cast<Table&>(*table));
}

Durability::~Durability() {
   finishCheckpoint(true);
   try {
      log_->writeWaiting();  // left by a failed write (the commits waiting for it were told so)
   } catch (const Error&) {}
}

uint64_t Durability::commit(const std::string& records, bool synchronous) {
   uint64_t position, fileBytes;
   {
      std::lock_guard lock(syncMutex_);
      size_t before = log_->waitingBytes();
      log_->append(records, wallClock());
      // Without synchronous commit no one waits to write the record: it goes to the file now (the
      // operating system keeps it should the process die). A record that cannot be written is
      // not committed.
      if (!synchronous && syncing_) {
         unwrittenAsynchronous_ = true;  // the waiter syncing now writes it after its sync
      } else if (!synchronous) {
         try {
            log_->writeWaiting();
         } catch (...) {
            log_->cutWaiting(before);
            throw;
         }
      }
      written_ += log_->frameBytes(records.size());
      position = written_;
      fileBytes = written_ - fileStart_;
   }
   finishCheckpoint(false);
   if (checkpointer_ < 0 && (fileBytes >= options_.maxWalSize / 2 || steadyMicros() - lastCheckpointTime_ >= options_.checkpointTimeout.count() * 1'000'000))
      checkpoint(false);
   return position;
}

void Durability::waitDurable(uint64_t position) {
   std::unique_lock lock(syncMutex_);
   while (syncedUpTo_ < position) {
      if (syncing_) {
         synced_.wait(lock);
         continue;
      }
      // This waiter writes and syncs what all transactions appended so far, for itself and the
      // others; transactions go on appending meanwhile.
      syncing_ = true;
      uint64_t target = written_;
      log_->takeWaiting(batch_);
      lock.unlock();
      bool written = false;
      try {
         log_->write(batch_);
         written = true;
         log_->syncWritten();
      } catch (...) {
         lock.lock();
         if (!written) log_->putBack(batch_);  // the next waiter tries again, records in order
         syncing_ = false;
         synced_.notify_all();
         throw;
      }
      lock.lock();
      syncedUpTo_ = std::max(syncedUpTo_, target);
      if (unwrittenAsynchronous_) writeAsynchronous(lock);
      syncing_ = false;
      synced_.notify_all();
   }
}

void Durability::writeAsynchronous(std::unique_lock<std::mutex>& lock) {
   unwrittenAsynchronous_ = false;
   log_->takeWaiting(batch_);
   lock.unlock();
   bool written = true;
   try {
      log_->write(batch_);
   } catch (const Error&) {
      written = false;  // this waiter's own commit is durable; the next one tries again
   }
   lock.lock();
   if (!written) log_->putBack(batch_);
}

void Durability::checkpoint(bool wait) {
   finishCheckpoint(true);
   // From here on the log goes to a new file; the checkpoint covers the ones before it. What the
   // old file holds is made durable first (waiters may still count on it); no waiter syncs while
   // the file is swapped.
   {
      std::unique_lock lock(syncMutex_);
      synced_.wait(lock, [&] { return !syncing_; });
      log_->sync();
      syncedUpTo_ = written_;
      ++sequence_;
      log_ = std::make_unique<RedoLogFile>(logFile(directory_, sequence_), sequence_);
      fileStart_ = written_;
      synced_.notify_all();
   }
   uint64_t covers = sequence_ - 1;
   lastCheckpointTime_ = steadyMicros();
   pid_t child = ::fork();
   if (child < 0) throw Error("58030", "could not start the checkpoint process");
   if (child == 0) {
      // The child sees the database as it is now (copy-on-write) and writes it out.
      lock_->leaveToParent();
      int status = 0;
      try {
         writeCheckpoint(catalog_, covers, checkpointFile(directory_, covers));
      } catch (...) {
         status = 1;
      }
      ::_exit(status);
   }
   checkpointer_ = child;
   checkpointCovers_ = covers;
   if (wait) finishCheckpoint(true);
}

void Durability::finishCheckpoint(bool wait) {
   if (checkpointer_ < 0) return;
   int status = 0;
   pid_t done = ::waitpid(checkpointer_, &status, wait ? 0 : WNOHANG);
   if (done == 0) return;
   checkpointer_ = -1;
   if (done < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      if (wait) throw Error("58030", "the checkpoint could not be written");
      return;
   }
   // The previous checkpoint and the log from it on stay: should the new checkpoint be found
   // damaged, they still restore everything.
   previousCheckpoint_ = newestCheckpoint_;
   newestCheckpoint_ = checkpointCovers_;
   std::error_code error;
   for (uint64_t sequence = 1; sequence <= previousCheckpoint_; ++sequence) {
      fs::remove(logFile(directory_, sequence), error);
      if (sequence < previousCheckpoint_) fs::remove(checkpointFile(directory_, sequence), error);
   }
}

}  // namespace kiln
