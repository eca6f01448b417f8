#include "engine/snapshot_pool.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

#include "codegen/jit.h"
#include "engine/database_impl.h"
#include "engine/snapshot_channel.h"
#include "engine/snapshot_server.h"

namespace kiln {

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

/// How long a snapshot process may take to stop a cancelled statement before it is killed (a
/// join that fans out checks for cancels only between blocks of its driving scan's rows).
constexpr std::chrono::seconds cancelGrace{2};
/// How often a connection waiting for its statement's reply looks at its cancel flag.
constexpr int cancelCheckMs = 10;

struct Descriptor {
   int fd;
   ~Descriptor() {
      if (fd >= 0) ::close(fd);
   }
};

std::string describeStatus(int status) {
   if (WIFSIGNALED(status)) {
      int signal = WTERMSIG(status);
      const char* name = sigabbrev_np(signal);
      return "was killed by signal " + std::to_string(signal) + (name ? std::string(" (SIG") + name + ")" : std::string());
   }
   if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
   return "ended";
}

}  // namespace

SnapshotPool::~SnapshotPool() {
   {
      std::lock_guard lock(mutex_);
      for (auto& process : processes_) retire(*process);
      stopping_ = true;
   }
   retiredAdded_.notify_one();
   if (reaper_.joinable()) reaper_.join();
}

void SnapshotPool::reapRetired() {
   std::unique_lock lock(mutex_);
   for (;;) {
      retiredAdded_.wait(lock, [&] { return stopping_ || !retired_.empty(); });
      if (retired_.empty()) return;
      pid_t pid = retired_.back();
      retired_.pop_back();
      lock.unlock();
      int status;
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
      lock.lock();
   }
}

std::shared_ptr<SnapshotProcess> SnapshotPool::make(DatabaseImpl& db) {
   int sockets[2];
   socketPair(sockets);
   auto process = std::make_shared<SnapshotProcess>();
   Jit& jit = Jit::instance();  // made before the fork: the child must not wait on its making
   pid_t child;
   {
      // No statement runs meanwhile: the child sees the database between two statements, any
      // transaction block open then with all its changes in the undo log (which it rolls back).
      std::lock_guard changing(db.changing);
      auto jitHeld = jit.holdForFork();
      auto start = Clock::now();
      process->commits = db.commits.load();
      child = ::fork();
      if (child == 0) serveSnapshot(db, sockets[1]);
      process->makeMs = millisecondsSince(start);
      process->madeAt = Clock::now();
   }
   ::close(sockets[1]);
   if (child < 0) {
      int error = errno;
      ::close(sockets[0]);
      throw Error(error == ENOMEM || error == EAGAIN ? "53200" : "58000", std::string("could not start a snapshot process: ") + std::strerror(error));
   }
   process->pid = child;
   process->control = sockets[0];
   return process;
}

SnapshotLease SnapshotPool::acquire(DatabaseImpl& database, int64_t maxAgeMs) {
   uint64_t commits = database.commits.load();
   {
      std::lock_guard lock(mutex_);
      auto now = Clock::now();
      std::shared_ptr<SnapshotProcess> best;
      for (auto& process : processes_) {
         if (process->ended || process->users > 0) continue;
         bool current = process->commits == commits || now - process->madeAt <= std::chrono::milliseconds(maxAgeMs);
         if (current && (!best || process->madeAt > best->madeAt)) best = process;
      }
      if (best) {
         best->users = 1;
         idle_.fetch_sub(1);
         double ageMs = std::chrono::duration<double, std::milli>(now - best->madeAt).count();
         stats_.queries += 1;
         stats_.ageMsTotal += ageMs;
         return {best, ageMs, 0};
      }
   }
   std::shared_ptr<SnapshotProcess> process = make(database);
   std::lock_guard lock(mutex_);
   process->users = 1;
   processes_.push_back(process);
   stats_.made += 1;
   stats_.makeMsTotal += process->makeMs;
   stats_.makeMsMax = std::max(stats_.makeMsMax, process->makeMs);
   stats_.queries += 1;
   return {process, 0, process->makeMs};
}

void SnapshotPool::release(SnapshotLease& lease, int64_t keepMs, uint64_t commits) {
   if (!lease.process) return;
   std::lock_guard lock(mutex_);
   SnapshotProcess& released = *lease.process;
   lease.process.reset();
   if (--released.users == 0 && !released.ended) {
      released.keepUntil = released.madeAt + std::chrono::milliseconds(keepMs);
      idle_.fetch_add(1);
      // One idle snapshot is worth keeping, the newest: the next statement may use it.
      std::shared_ptr<SnapshotProcess> newest;
      for (auto& process : processes_)
         if (!process->ended && process->users == 0 && (!newest || process->madeAt > newest->madeAt)) newest = process;
      for (auto& process : processes_)
         if (!process->ended && process->users == 0 && process != newest) retire(*process);
      if (newest->commits != commits && Clock::now() >= newest->keepUntil) retire(*newest);
   }
   std::erase_if(processes_, [](const auto& process) { return process->ended && process->users == 0; });
}

void SnapshotPool::retireBehind(uint64_t commits) {
   std::lock_guard lock(mutex_);
   auto now = Clock::now();
   for (auto& process : processes_)
      if (!process->ended && process->users == 0 && process->commits != commits && now >= process->keepUntil) retire(*process);
   std::erase_if(processes_, [](const auto& process) { return process->ended && process->users == 0; });
}

void SnapshotPool::retire(SnapshotProcess& process) {
   if (process.ended) return;
   process.ended = true;
   if (process.users == 0) idle_.fetch_sub(1);
   ::kill(process.pid, SIGKILL);
   ::close(process.control);
   retired_.push_back(process.pid);
   if (!reaper_.joinable()) reaper_ = std::thread([this] { reapRetired(); });
   retiredAdded_.notify_one();
}

std::string SnapshotPool::howItEnded(SnapshotProcess& process) {
   {
      std::lock_guard lock(mutex_);
      if (process.ended) return "was ended";
      process.ended = true;
      stats_.failures += 1;
   }
   // Gone, or as good as gone: it reaps here, with the status that says why.
   int status = 0;
   pid_t done = ::waitpid(process.pid, &status, WNOHANG);
   if (done == 0) {
      auto until = Clock::now() + std::chrono::milliseconds(200);
      while ((done = ::waitpid(process.pid, &status, WNOHANG)) == 0 && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(1));
   }
   if (done == 0) {
      ::kill(process.pid, SIGKILL);
      while ((done = ::waitpid(process.pid, &status, 0)) < 0 && errno == EINTR) {}
      ::close(process.control);
      return "stopped answering";
   }
   ::close(process.control);
   return describeStatus(status);
}

SnapshotReply SnapshotPool::run(SnapshotLease& lease, const SnapshotRequest& request, const std::atomic<bool>& cancel, ResultChunks* chunks) {
   SnapshotProcess& process = *lease.process;
   int sockets[2];
   socketPair(sockets);
   Descriptor mine{sockets[0]};
   BinaryWriter message;
   encodeRequest(request, message);
   bool sent;
   {
      std::lock_guard lock(process.sending);
      sent = sendMessage(process.control, message.buffer(), sockets[1]);
   }
   ::close(sockets[1]);
   auto failed = [&](const std::string& how) { return Error("58000", "the snapshot process running the statement " + how); };
   if (!sent) throw failed(howItEnded(process));
   bool cancelSent = false;
   Clock::time_point cancelledAt;
   // Waits for the next reply, passing a cancel on: the snapshot stops the statement, or is
   // killed when it does not within cancelGrace.
   auto awaitReply = [&] {
      for (;;) {
         pollfd reply{mine.fd, POLLIN, 0};
         if (::poll(&reply, 1, cancelCheckMs) > 0) return;
         if (!cancel.load(std::memory_order_relaxed)) continue;
         if (!cancelSent) {
            char byte = 'C';
            ::send(mine.fd, &byte, 1, MSG_NOSIGNAL);
            cancelSent = true;
            cancelledAt = Clock::now();
         } else if (Clock::now() - cancelledAt > cancelGrace) {
            {
               std::lock_guard lock(mutex_);
               if (!process.ended) ::kill(process.pid, SIGKILL);
            }
            howItEnded(process);
            throw Error("57014", "canceling statement due to user request");
         }
      }
   };
   for (;;) {
      awaitReply();
      std::string bytes;
      if (!receiveMessage(mine.fd, bytes)) throw failed(howItEnded(process));
      BinaryReader in(bytes.data(), bytes.size());
      SnapshotReply reply = decodeReply(in);
      if (reply.outcome != SnapshotOutcome::Chunk) return reply;
      if (!chunks) throw failed("sent rows in chunks unasked");
      chunks->rowsDelivered += reply.result->rowCount();
      chunks->deliver(std::move(reply.result));
   }
}

SnapshotStats SnapshotPool::stats() const {
   std::lock_guard lock(mutex_);
   SnapshotStats stats = stats_;
   stats.alive = uint64_t(std::count_if(processes_.begin(), processes_.end(), [](const auto& process) { return !process->ended; }));
   return stats;
}

}  // namespace kiln
