// The process's worker threads, which run the morsels of parallel pipelines (Leis et al.,
// SIGMOD 2014). Started as a statement first needs them and then kept, each waiting on a
// condition variable while there is no work: idle, they cost nothing.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <sys/types.h>

namespace kiln {

class WorkerPool {
   public:
   /// This process's pool. A child made by fork() has none of its parent's threads: it gets a pool
   /// of its own.
   static WorkerPool& instance();

   /// Runs task(0) on this thread and task(1), task(2), ... on up to `workers` - 1 pool threads,
   /// each seeing the calling thread's statement (its cancel flag, settings, time zone and
   /// transaction time). A pool thread joins only while task(0) runs, and run() returns when every
   /// task that started has ended: tasks take their work from shared counters, so a thread that
   /// is late (descheduled, or busy with another statement's pipeline) leaves nothing undone.
   /// Rethrows the first exception a task threw.
   void run(size_t workers, const std::function<void(size_t worker)>& task);

   private:
   struct Job;
   explicit WorkerPool(pid_t owner) : owner_(owner) {}
   void serve();

   pid_t owner_;
   std::mutex mutex_;
   std::condition_variable wake_, done_;
   Job* job_ = nullptr;  // the one being run, if any
   uint64_t generation_ = 0;  // counts the jobs started
   size_t threads_ = 0;
};

/// Runs work(item) for each item of [0, count) on up to `threads` threads of the pool, each thread
/// taking the next item until none is left.
template <typename Work>
void runItems(size_t count, size_t threads, Work&& work) {
   std::atomic<size_t> next{0};
   WorkerPool::instance().run(std::min(threads, count), [&](size_t) {
      for (size_t item; (item = next.fetch_add(1, std::memory_order_relaxed)) < count;) work(item);
   });
}

/// How many threads the statement running on this thread may use (SET threads); 1 where no
/// connection's statement runs.
class StatementThreads {
   public:
   static size_t current() { return current_; }
   /// While it lives, current() on this thread is `threads` (at least 1).
   class Scope {
      public:
      explicit Scope(size_t threads) : previous_(current_) { current_ = threads ? threads : 1; }
      ~Scope() { current_ = previous_; }
      Scope(const Scope&) = delete;
      Scope& operator=(const Scope&) = delete;

      private:
      size_t previous_;
   };

   private:
   static inline thread_local size_t current_ = 1;
};

}  // namespace kiln
