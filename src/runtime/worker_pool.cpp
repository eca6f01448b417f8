#include "runtime/worker_pool.h"

#include <optional>

#include <unistd.h>

#include "common/statement_interrupt.h"
#include "common/time_zone.h"
#include "common/transaction_clock.h"
#include "runtime/settings_access.h"

namespace kiln {

namespace {

/// The thread-local context of a statement, taken from the thread that runs it to the pool
/// threads that help.
struct StatementContext {
   const std::atomic<bool>* interrupt = StatementInterrupt::installed();
   SettingsAccess* settings = SettingsAccess::installed();
   int64_t* transactionTime = TransactionClock::installed();
   const TimeZone* zone = TimeZone::installed();
   size_t threads = StatementThreads::current();

   StatementContext() {
      // Read once here: its first read sets it, which helpers must not race on.
      if (transactionTime) TransactionClock::now();
   }
};

/// Installs a StatementContext on the thread for its lifetime.
class InstalledContext {
   public:
   explicit InstalledContext(const StatementContext& context) : threads_(context.threads) {
      if (context.interrupt) interrupt_.emplace(*context.interrupt);
      if (context.settings) settings_.emplace(*context.settings);
      if (context.transactionTime) clock_.emplace(*context.transactionTime);
      if (context.zone) zone_.emplace(*context.zone);
   }

   private:
   std::optional<StatementInterrupt> interrupt_;
   std::optional<SettingsAccess::Scope> settings_;
   std::optional<TransactionClock> clock_;
   std::optional<TimeZone::Scope> zone_;
   StatementThreads::Scope threads_;
};

}  // namespace

struct WorkerPool::Job {
   const std::function<void(size_t)>* task;
   size_t wanted;
   StatementContext context;
   size_t joined = 1;  // task(0) is the caller's
   size_t active = 0;  // pool threads running a task of it
   bool open = true;   // while the caller runs task(0)
   std::exception_ptr error;
};

WorkerPool& WorkerPool::instance() {
   // Never destroyed: its threads wait in it until the process ends.
   static WorkerPool* pool = new WorkerPool(getpid());
   // After fork() the parent's threads are gone, and its lock may have been held by one of them.
   if (pool->owner_ != getpid()) pool = new WorkerPool(getpid());
   return *pool;
}

void WorkerPool::run(size_t workers, const std::function<void(size_t)>& task) {
   if (workers <= 1) return task(0);
   std::unique_lock lock(mutex_);
   // One statement's pipeline at a time has helpers; another runs on its own thread meanwhile.
   if (job_) {
      lock.unlock();
      return task(0);
   }
   for (; threads_ < workers - 1; ++threads_) std::thread([this] { serve(); }).detach();
   Job job{&task, workers, StatementContext(), 1, 0, true, nullptr};
   job_ = &job;
   ++generation_;
   wake_.notify_all();
   lock.unlock();
   std::exception_ptr error;
   try {
      task(0);
   } catch (...) {
      error = std::current_exception();
   }
   lock.lock();
   job.open = false;
   done_.wait(lock, [&] { return job.active == 0; });
   job_ = nullptr;
   if (!error) error = job.error;
   lock.unlock();
   if (error) std::rethrow_exception(error);
}

void WorkerPool::serve() {
   uint64_t seen = 0;
   std::unique_lock lock(mutex_);
   for (;;) {
      wake_.wait(lock, [&] { return generation_ != seen; });
      seen = generation_;
      Job* job = job_;
      if (!job || !job->open || job->joined >= job->wanted) continue;
      size_t worker = job->joined++;
      ++job->active;
      lock.unlock();
      std::exception_ptr error;
      try {
         InstalledContext context(job->context);
         (*job->task)(worker);
      } catch (...) {
         error = std::current_exception();
      }
      lock.lock();
      if (error && !job->error) job->error = error;
      if (--job->active == 0) done_.notify_all();
   }
}

}  // namespace kiln
