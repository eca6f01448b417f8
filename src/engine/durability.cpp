#include "engine/durability.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "storage/binary_io.h"
#include "storage/checkpoint.h"
#include "storage/redo.h"
#include "storage/statistics.h"

namespace kiln {

namespace fs = std::filesystem;

Durability::Durability(std::string directory, Catalog& catalog) : directory_(std::move(directory)), catalog_(catalog) {
   std::error_code error;
   fs::create_directories(directory_, error);
   if (error || !fs::is_directory(directory_)) throw Error("58030", "could not create database directory \"" + directory_ + "\": " + error.message());
   lock_ = std::make_unique<DirectoryLock>(directory_);
   // Recovery: the newest checkpoint (checkpoint.<N> covers the log files up to wal.<N>; an
   // older one finishing late, from a process that crashed, changes nothing), then the log
   // files after it, in order.
   auto numbered = [&](const std::string& prefix) {
      std::vector<uint64_t> numbers;
      for (auto& entry : fs::directory_iterator(directory_)) {
         std::string name = entry.path().filename().string();
         if (name.size() > prefix.size() && name.rfind(prefix, 0) == 0 && name.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
            numbers.push_back(std::stoull(name.substr(prefix.size())));
      }
      std::sort(numbers.begin(), numbers.end());
      return numbers;
   };
   uint64_t covered = 0;
   std::vector<uint64_t> checkpoints = numbered("checkpoint.");
   if (!checkpoints.empty()) covered = readCheckpoint(checkpointPath(checkpoints.back()), catalog_);
   for (uint64_t older : checkpoints)
      if (older < covered) fs::remove(checkpointPath(older), error);
   std::vector<uint64_t> logs = numbered("wal.");
   std::sort(logs.begin(), logs.end());
   bool intact = true;
   for (uint64_t sequence : logs) {
      sequence_ = std::max(sequence_, sequence);
      if (sequence <= covered) {
         fs::remove(logPath(sequence), error);  // a checkpoint finished but its logs were not removed yet
         continue;
      }
      if (!intact) {
         // After a damaged record nothing later can be applied.
         fs::remove(logPath(sequence), error);
         continue;
      }
      intact = RedoLogFile::replay(logPath(sequence), [&](const char* data, size_t size) {
         BinaryReader in(data, size);
         applyRedo(in, catalog_);
      });
   }
   sequence_ = std::max(sequence_, covered) + 1;
   log_ = std::make_unique<RedoLogFile>(logPath(sequence_));
   for (const Table* table : catalog_.tables()) analyzeTable(const_cast<Table&>(*table));
}

Durability::~Durability() {
   finishCheckpoint(true);
   try {
      log_->writeWaiting();  // left by a failed write (the commits waiting for it were told so)
   } catch (const Error&) {
   }
}

std::string Durability::logPath(uint64_t sequence) const { return directory_ + "/wal." + std::to_string(sequence); }

std::string Durability::checkpointPath(uint64_t sequence) const { return directory_ + "/checkpoint." + std::to_string(sequence); }

uint64_t Durability::commit(const std::string& records, bool synchronous) {
   uint64_t position, fileBytes;
   {
      std::lock_guard lock(syncMutex_);
      size_t before = log_->waitingBytes();
      log_->append(records);
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
      written_ += records.size() + 8;
      position = written_;
      fileBytes = written_ - fileStart_;
   }
   finishCheckpoint(false);
   if (fileBytes > checkpointAfterBytes && checkpointer_ < 0) checkpoint(false);
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
      log_ = std::make_unique<RedoLogFile>(logPath(++sequence_));
      fileStart_ = written_;
      synced_.notify_all();
   }
   uint64_t covers = sequence_ - 1;
   pid_t child = ::fork();
   if (child < 0) throw Error("58030", "could not start the checkpoint process");
   if (child == 0) {
      // The child sees the database as it is now (copy-on-write) and writes it out.
      lock_->leaveToParent();
      int status = 0;
      try {
         writeCheckpoint(catalog_, covers, checkpointPath(covers));
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
   std::error_code error;
   for (uint64_t sequence = 1; sequence <= checkpointCovers_; ++sequence) {
      fs::remove(logPath(sequence), error);
      if (sequence < checkpointCovers_) fs::remove(checkpointPath(sequence), error);
   }
}

}  // namespace kiln
