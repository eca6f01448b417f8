#include "codegen/pipeline_run.h"

#include <algorithm>
#include <mutex>

#include "common/statement_interrupt.h"
#include "runtime/worker_pool.h"

namespace kiln {

namespace {

/// A pipeline runs over this many rows at a time, and a cancelled statement stops between them:
/// each call costs next to nothing against its rows' work.
constexpr uint64_t blockRows = 4096;

/// The pipeline's machine code: its quick code until the optimized code is there (Jit).
class PipelineCode {
   public:
   explicit PipelineCode(const PipelineInfo& pipeline) : function_(reinterpret_cast<Function>(pipeline.entry)), optimized_(pipeline.optimizedEntry) {}

   /// Runs it over rows [begin, end) in blocks, until they are done or its rows no longer matter.
   void run(QueryRuntime& state, uint64_t begin, uint64_t end) {
      do {
         if (optimized_)
            if (void* ready = optimized_->load(std::memory_order_acquire)) {
               function_ = reinterpret_cast<Function>(ready);
               optimized_ = nullptr;
            }
         uint64_t blockEnd = std::min(end, begin + blockRows);
         function_(state.state(), begin, blockEnd);
         begin = blockEnd;
         StatementInterrupt::check();
      } while (begin < end && !state.pipelineDone());
   }

   private:
   using Function = void (*)(void*, uint64_t, uint64_t);
   Function function_;
   const std::atomic<void*>* optimized_;
};

/// About sixteen morsels per worker: a worker that falls behind (its core taken by another
/// program) leaves the others enough to take. At least a block, and at most sixteen: larger
/// ones save nothing more per row.
uint64_t morselRowsFor(uint64_t rows, size_t workers) {
   uint64_t target = rows / (workers * 16);
   target = (target + blockRows - 1) / blockRows * blockRows;
   return std::clamp<uint64_t>(target, blockRows, 16 * blockRows);
}

}  // namespace

std::vector<QueryRuntime*> MorselOrder::workers() const {
   std::vector<QueryRuntime*> distinct;
   for (QueryRuntime* worker : workers_)
      if (worker && std::find(distinct.begin(), distinct.end(), worker) == distinct.end()) distinct.push_back(worker);
   return distinct;
}

WorkerLocal appendedRows(std::function<void(QueryRuntime&)> make, std::function<RowBuffer&(QueryRuntime&)> buffer) {
   auto rows = [buffer](QueryRuntime& worker) { return buffer(worker).size(); };
   auto merge = [buffer](QueryRuntime& query, CompiledModule&, const SinkRows& rows) {
      RowBuffer& target = buffer(query);
      rows.forEach([&](QueryRuntime& worker, size_t begin, size_t end) { target.appendRowsOf(buffer(worker), begin, end); });
      for (QueryRuntime* worker : rows.workers()) target.adoptMemory(buffer(*worker));
   };
   return {std::move(make), std::move(rows), std::move(merge), 0, nullptr};
}

class ParallelRun {
   public:
   ParallelRun(QueryRuntime& query, PipelineInfo& pipeline, uint64_t rows, size_t threads)
      : query_(query),
        pipeline_(pipeline),
        rows_(rows),
        morselRows_(morselRowsFor(rows, threads)),
        morsels_((rows + morselRows_ - 1) / morselRows_),
        order_(morsels_, pipeline.locals.size()) {
      workers_ = std::min<size_t>(threads, morsels_);
   }

   void run(CompiledModule& module, const std::vector<StateField>& counters) {
      query_.startPipeline();
      std::vector<QueryRuntime*> states;
      for (size_t w = 0; w < workers_; ++w) {
         QueryRuntime& state = query_.addWorker();
         for (StateField counter : counters) state.at<uint64_t>(counter) = 0;
         for (const WorkerLocal& local : pipeline_.locals) local.make(state);
         states.push_back(&state);
      }
      std::vector<uint64_t> ran(workers_, 0);
      WorkerPool::instance().run(workers_, [&](size_t worker) { ran[worker] = work(*states[worker]); });
      if (error_) std::rethrow_exception(error_);
      for (size_t l = 0; l < pipeline_.locals.size(); ++l) pipeline_.locals[l].merge(query_, module, SinkRows(order_, l));
      for (StateField counter : counters)
         for (QueryRuntime* state : states) query_.at<uint64_t>(counter) += state->at<uint64_t>(counter);
      pipeline_.morselsPerWorker = ran;
   }

   private:
   /// Takes morsels until there are none left or a worker failed; returns how many it ran.
   uint64_t work(QueryRuntime& state) {
      PipelineCode code(pipeline_);
      uint64_t ran = 0;
      const std::vector<WorkerLocal>& locals = pipeline_.locals;
      while (!stop_.load(std::memory_order_relaxed)) {
         size_t morsel = next_.fetch_add(1, std::memory_order_relaxed);
         if (morsel >= morsels_) break;
         order_.workers_[morsel] = &state;
         for (size_t l = 0; l < locals.size(); ++l) order_.rows_[l][morsel].begin = locals[l].rows ? locals[l].rows(state) : 0;
         try {
            uint64_t begin = morsel * morselRows_;
            code.run(state, begin, std::min(rows_, begin + morselRows_));
         } catch (...) {
            // As on one thread, the error of the first rows that fail, of those run.
            std::lock_guard hold(errorLock_);
            if (morsel < errorMorsel_) {
               errorMorsel_ = morsel;
               error_ = std::current_exception();
            }
            stop_.store(true, std::memory_order_relaxed);
            break;
         }
         for (size_t l = 0; l < locals.size(); ++l) order_.rows_[l][morsel].end = locals[l].rows ? locals[l].rows(state) : 0;
         ++ran;
      }
      return ran;
   }

   QueryRuntime& query_;
   PipelineInfo& pipeline_;
   uint64_t rows_, morselRows_;
   size_t morsels_, workers_ = 1;
   MorselOrder order_;
   std::atomic<size_t> next_{0};
   std::atomic<bool> stop_{false};
   std::mutex errorLock_;
   size_t errorMorsel_ = SIZE_MAX;
   std::exception_ptr error_;
};

void runPipeline(QueryRuntime& query, CompiledModule& module, PipelineInfo& pipeline, uint64_t rows, const std::vector<StateField>& counters) {
   size_t threads = pipeline.parallel ? StatementThreads::current() : 1;
   for (const WorkerLocal& local : pipeline.locals)
      if (threads > 1 && local.allowsWorkers && !local.allowsWorkers(query)) threads = 1;
   if (threads > 1 && rows > blockRows) {
      ParallelRun run(query, pipeline, rows, threads);
      return run.run(module, counters);
   }
   query.startPipeline();
   PipelineCode(pipeline).run(query, 0, rows);
   if (!pipeline.morselsPerWorker.empty()) pipeline.morselsPerWorker.clear();
}

}  // namespace kiln
