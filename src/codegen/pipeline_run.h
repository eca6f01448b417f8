// How a pipeline's machine code runs over its rows: in blocks on the statement's thread, or, when
// every operator of the pipeline allows it and the statement may use several threads, in morsels
// that workers take from a shared counter (Leis et al., SIGMOD 2014). Each worker runs the same
// function on a state of its own, whose sink fields point to objects of its own (WorkerLocal);
// afterwards these are merged into the query's in the order of the morsels their rows came from,
// so a parallel run yields what a serial one does, row for row.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "codegen/jit.h"
#include "runtime/query_runtime.h"

namespace kiln {

/// Which worker ran each morsel of a parallel run, and which of a sink's rows each morsel added.
class MorselOrder {
   public:
   MorselOrder(size_t morsels, size_t locals) : workers_(morsels, nullptr), rows_(locals, std::vector<Rows>(morsels)) {}
   struct Rows {
      size_t begin = 0, end = 0;
   };
   size_t morsels() const { return workers_.size(); }
   /// Calls visit(worker state, begin, end) for each morsel in order, with the rows it added to the
   /// object of sink `local` (WorkerLocal::rows counts them).
   void forEach(size_t local, const std::function<void(QueryRuntime& worker, size_t begin, size_t end)>& visit) const {
      for (size_t m = 0; m < workers_.size(); ++m)
         if (workers_[m]) visit(*workers_[m], rows_[local][m].begin, rows_[local][m].end);
   }
   /// The worker states that ran a morsel, each once.
   std::vector<QueryRuntime*> workers() const;

   private:
   friend class ParallelRun;
   std::vector<QueryRuntime*> workers_;
   std::vector<std::vector<Rows>> rows_;
};

/// The rows each morsel added to one sink's objects.
class SinkRows {
   public:
   SinkRows(const MorselOrder& order, size_t local) : order_(order), local_(local) {}
   /// Calls visit(worker state, begin, end) for each morsel in order.
   void forEach(const std::function<void(QueryRuntime& worker, size_t begin, size_t end)>& visit) const { order_.forEach(local_, visit); }
   std::vector<QueryRuntime*> workers() const { return order_.workers(); }

   private:
   const MorselOrder& order_;
   size_t local_;
};

/// A sink's objects when its pipeline runs in parallel.
struct WorkerLocal {
   /// Points the sink's fields in a worker's state (a copy of the query's) at objects of its own.
   std::function<void(QueryRuntime& worker)> make;
   /// The rows the worker's object holds so far, which tell the morsels' rows apart.
   std::function<size_t(QueryRuntime& worker)> rows;
   /// Adds what the workers' objects hold to the query's, in morsel order.
   std::function<void(QueryRuntime& query, CompiledModule& module, const SinkRows& rows)> merge;
   /// About how many entries each worker's object is expected to merge by looking them up (a
   /// hash aggregation's groups), which decides whether running in parallel pays.
   double mergedEntries = 0;
   /// Whether this run may be parallel, when the sink cannot always be (none: always).
   std::function<bool(QueryRuntime& query)> allowsWorkers;
};

/// The sink of a pipeline that appends rows to a RowBuffer (`buffer` finds it in a state): each
/// worker appends to one of its own, which `make` sets up, and the query's buffer takes their rows
/// in morsel order, without copying them.
WorkerLocal appendedRows(std::function<void(QueryRuntime& worker)> make, std::function<RowBuffer&(QueryRuntime& state)> buffer);

struct PipelineInfo {
   std::string function;
   std::vector<std::string> stages;  // for EXPLAIN: "scan lineitem", "filter", "aggregate build", ...
   double ms = 0;  // measured when the query ran
   void* entry = nullptr;  // the machine code, resolved once after compiling
   const std::atomic<void*>* optimizedEntry = nullptr;  // its optimized code, once made in the background (Jit)
   bool optimized = true;  // compiled by the optimizing code generator (else the quick one)
   /// Whether it may run on several workers, and its sinks' objects when it does.
   bool parallel = false;
   std::vector<WorkerLocal> locals;
   /// Of its last run (EXPLAIN ANALYZE): the morsels each worker ran; empty when it ran on one thread.
   std::vector<uint64_t> morselsPerWorker;
   /// With instrumentation, when its scan skips blocks of rows by their value ranges (ZoneMap):
   /// the fields counting the blocks it tested and those it skipped, and their last counts.
   struct BlockCounts {
      StateField tested, skipped;
      uint64_t testedBlocks = 0, skippedBlocks = 0;
   };
   std::optional<BlockCounts> blocks;
};

/// Runs `pipeline` over rows [0, rows) of its source with the state `query`. `counters` are the
/// query's row counters (EXPLAIN ANALYZE), which workers count in their own states.
void runPipeline(QueryRuntime& query, CompiledModule& module, PipelineInfo& pipeline, uint64_t rows, const std::vector<StateField>& counters);

}  // namespace kiln
