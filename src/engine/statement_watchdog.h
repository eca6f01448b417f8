// statement_timeout: a thread that sleeps until the earliest deadline of the statements running
// with one, then cancels those past theirs as Connection::cancel() does (their loops stop at their
// next check, waits for a turn end), marking them as timed out for the message. Started by the
// first statement with a deadline: without one, a statement costs a test of its setting only.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace kiln {

class StatementWatchdog {
   public:
   using Clock = std::chrono::steady_clock;
   StatementWatchdog() = default;
   ~StatementWatchdog();
   StatementWatchdog(const StatementWatchdog&) = delete;
   StatementWatchdog& operator=(const StatementWatchdog&) = delete;

   /// Until disarm(owner): at `deadline`, sets `timedOut`, then `cancel`.
   void arm(const void* owner, Clock::time_point deadline, std::atomic<bool>& cancel, std::atomic<bool>& timedOut);
   void disarm(const void* owner);

   /// A statement's timeout: armed while it lives, `timeoutMs` from now (none for 0).
   class Timeout {
      public:
      Timeout(StatementWatchdog& watchdog, const void* owner, int64_t timeoutMs, std::atomic<bool>& cancel, std::atomic<bool>& timedOut) : owner_(owner) {
         if (timeoutMs <= 0) return;
         watchdog.arm(owner, Clock::now() + std::chrono::milliseconds(timeoutMs), cancel, timedOut);
         watchdog_ = &watchdog;
      }
      ~Timeout() {
         if (watchdog_) watchdog_->disarm(owner_);
      }
      Timeout(const Timeout&) = delete;
      Timeout& operator=(const Timeout&) = delete;

      private:
      StatementWatchdog* watchdog_ = nullptr;
      const void* owner_;
   };

   private:
   struct Armed {
      const void* owner;
      Clock::time_point deadline;
      std::atomic<bool>* cancel;
      std::atomic<bool>* timedOut;
   };
   void watch();

   std::mutex mutex_;
   std::condition_variable changed_;
   std::vector<Armed> armed_;
   bool stopping_ = false;
   std::thread thread_;
};

}  // namespace kiln
