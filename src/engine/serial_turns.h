// Runs transactions one at a time: a connection takes the turn when its transaction starts and
// gives it back when it ends. One waiting connection spins a little before it sleeps: a turn often
// passes within microseconds, and waking a sleeping thread takes far longer (tens of them in a VM).
// More spinners would take the processors from the one whose turn it is.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace kiln {

class SerialTurns {
   public:
   enum class Wait { Taken, TimedOut, Cancelled };

   /// Waits until no other connection's transaction runs, then makes `connection` the owner; gives
   /// up at `deadline`, or once `*cancel` is set.
   Wait acquire(const void* connection, std::chrono::steady_clock::time_point deadline, const std::atomic<bool>& cancel) {
      if (owner_.load(std::memory_order_relaxed) == connection) return Wait::Taken;
      if (tryTake(connection)) return Wait::Taken;
      if (!spinning_.exchange(true)) {
         bool taken = spin(connection);
         spinning_.store(false);
         if (taken) return Wait::Taken;
      }
      std::unique_lock lock(mutex_);
      waiting_.fetch_add(1);
      Wait outcome = Wait::Taken;
      while (!tryTake(connection)) {
         // A cancel may come from a signal handler, which cannot notify: a sleeper looks now and then.
         auto now = std::chrono::steady_clock::now();
         if (cancel.load(std::memory_order_relaxed)) outcome = Wait::Cancelled;
         else if (now >= deadline) outcome = Wait::TimedOut;
         if (outcome != Wait::Taken) break;
         released_.wait_until(lock, std::min(deadline, now + cancelCheckInterval));
      }
      waiting_.fetch_sub(1);
      // A notification this waiter took without taking the turn goes on to the next one.
      if (outcome != Wait::Taken && owner_.load() == nullptr && waiting_.load() > 0) released_.notify_one();
      return outcome;
   }

   /// Takes the turn for `connection` only if no other connection has it; true if it has it now.
   bool tryAcquire(const void* connection) { return owner_.load(std::memory_order_relaxed) == connection || tryTake(connection); }

   /// Ends `connection`'s turn (if it has it).
   void release(const void* connection) {
      if (owner_.load(std::memory_order_relaxed) != connection) return;
      owner_.store(nullptr);
      // A waiter counts itself before it tests the owner: either it sees none, or it sleeps by the
      // time wakeOne has the lock, and the notification reaches it.
      if (waiting_.load() > 0) wakeOne();
   }

   private:
   static constexpr std::chrono::microseconds spinTime{50};
   static constexpr std::chrono::milliseconds cancelCheckInterval{20};

   void wakeOne() {
      { std::lock_guard lock(mutex_); }
      released_.notify_one();
   }
   /// Waits for the turn for a while, awake; true if it was taken.
   bool spin(const void* connection) {
      auto until = std::chrono::steady_clock::now() + spinTime;
      do {
         for (int i = 0; i < 64; ++i) {
            pause();
            if (owner_.load(std::memory_order_relaxed) == nullptr && tryTake(connection)) return true;
         }
      } while (std::chrono::steady_clock::now() < until);
      return false;
   }
   bool tryTake(const void* connection) {
      const void* none = nullptr;
      return owner_.compare_exchange_strong(none, connection);
   }
   static void pause() {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#elif defined(__aarch64__)
      asm volatile("yield");
#endif
   }

   std::atomic<const void*> owner_{nullptr};
   std::atomic<int> waiting_{0};
   std::atomic<bool> spinning_{false};
   std::mutex mutex_;
   std::condition_variable released_;
};

}  // namespace kiln
