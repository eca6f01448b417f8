// The snapshot processes of a database: children forked from it at a moment when no statement
// runs, each holding a copy-on-write copy of the database as all committed transactions left it.
// A read-only statement runs in one beside the transactions, which go on in the parent. A
// process serves one statement at a time (and the READ ONLY transaction blocks that hold it);
// one that has fallen behind the commits is ended as soon as no statement uses it, so that the
// writer stops paying for copies of the pages it changes.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/result_chunks.h"
#include "engine/snapshot_messages.h"
#include "kiln/kiln.h"

namespace kiln {

class DatabaseImpl;

struct SnapshotProcess {
   pid_t pid = -1;
   int control = -1;  // requests go here, each with a socket of its own for the reply
   std::mutex sending;
   std::chrono::steady_clock::time_point madeAt;
   uint64_t commits = 0;  // the database's commit count when it was made
   double makeMs = 0;
   int users = 0;  // statements running on it and READ ONLY blocks holding it
   std::chrono::steady_clock::time_point keepUntil;  // kept this long when idle, though behind
   bool ended = false;  // killed, crashed, or retired
};

/// A snapshot for one statement or a READ ONLY block, counted as a user until released.
struct SnapshotLease {
   std::shared_ptr<SnapshotProcess> process;
   double ageMs = 0;   // when leased
   double makeMs = 0;  // 0 when it was made before
};

class SnapshotPool {
   public:
   SnapshotPool() = default;
   /// Ends every snapshot process and waits for it.
   ~SnapshotPool();
   SnapshotPool(const SnapshotPool&) = delete;
   SnapshotPool& operator=(const SnapshotPool&) = delete;

   /// A snapshot with every transaction committed so far (or one made at most `maxAgeMs` ago)
   /// that no statement uses: an idle one, or a new one forked from `database`.
   SnapshotLease acquire(DatabaseImpl& database, int64_t maxAgeMs);
   /// The statement (or block) is done with it; `keepMs`: how long it may serve later ones once
   /// behind the commits (the session's snapshot_max_age); `commits`: the database's count now.
   void release(SnapshotLease& lease, int64_t keepMs, uint64_t commits);

   /// Runs `request` on the lease's snapshot; `cancel` (cancel(), statement_timeout) asks the
   /// process to stop it. Throws 58000 when the process ends under it. A streamed request's
   /// chunks of rows go to `chunks` as they come.
   SnapshotReply run(SnapshotLease& lease, const SnapshotRequest& request, const std::atomic<bool>& cancel, ResultChunks* chunks = nullptr);

   /// After a commit: idle snapshots that fell behind and need not be kept are ended.
   void committed(uint64_t commits) {
      if (idle_.load(std::memory_order_relaxed) > 0) retireBehind(commits);
   }

   SnapshotStats stats() const;

   private:
   std::shared_ptr<SnapshotProcess> make(DatabaseImpl& database);
   void retireBehind(uint64_t commits);
   /// Ends `process` (SIGKILL) unless it ended; the reaper collects it.
   void retire(SnapshotProcess& process);
   /// The reaper thread: collects the exit status of retired processes as they end (no zombies),
   /// away from the connections (a large one takes a while to go).
   void reapRetired();
   /// After the process ended under a statement: how it ended, for the error message.
   std::string howItEnded(SnapshotProcess& process);

   mutable std::mutex mutex_;
   std::vector<std::shared_ptr<SnapshotProcess>> processes_;
   std::vector<pid_t> retired_;  // killed, not yet reaped
   std::condition_variable retiredAdded_;
   bool stopping_ = false;
   std::thread reaper_;
   std::atomic<int> idle_{0};    // processes without users
   SnapshotStats stats_;
};

}  // namespace kiln
