// Turns a plan into one LLVM module (a function per pipeline), compiles it, and describes how
// to run it: the runtime objects to set up and the steps (pipelines, sorts) in order.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "algebra/operator.h"
#include "codegen/code_context.h"
#include "codegen/jit.h"
#include "codegen/pipeline_run.h"
#include "codegen/translator.h"
#include "common/row_layout.h"
#include "runtime/query_runtime.h"

namespace kiln {

struct CompiledQuery {
   std::unique_ptr<CompiledModule> module;
   std::vector<std::shared_ptr<const void>> objects;  // what the machine code points at (CodeContext::keepAlive)
   StateLayout stateLayout;
   std::vector<std::function<void(QueryRuntime&)>> setup;
   std::vector<std::function<void(QueryRuntime&, CompiledModule&)>> steps;
   RowLayout resultLayout;
   StateField resultRows;  // the RowBuffer of the result
   /// Prepared statements: where the generated code reads parameter values ($1 in field 0, ...).
   RowLayout parameterLayout;
   StateField parameterValues;  // points to them
   std::unique_ptr<QueryRuntime> runtime;  // kept between runs (its memory serves the next)
   std::shared_ptr<std::vector<PipelineInfo>> pipelines = std::make_shared<std::vector<PipelineInfo>>();
   /// With instrumentation (EXPLAIN ANALYZE): the field counting each operator's output tuples (a uint64_t).
   std::vector<std::pair<const Operator*, StateField>> rowCounters;
   std::string ir;       // the generated IR before optimization, when asked for
   size_t codeBytes = 0;  // about, of machine code
   double codegenMs = 0;  // building the IR
   double llvmMs = 0;     // optimizing and generating machine code
   /// Every pipeline by the optimizing code generator, whatever its estimated rows: a prepared
   /// statement run many times repays the compile time over its runs rather than over its rows.
   bool optimizeAll = false;
};

class QueryCompiler {
   public:
   /// `instrument`: count each operator's output tuples (for EXPLAIN ANALYZE); `keepIR`: keep the
   /// IR's text, with value names, in CompiledQuery::ir.
   explicit QueryCompiler(const QueryPlan& plan, bool instrument = false, bool keepIR = false);
   /// See CompiledQuery::optimizeAll.
   void optimizeAll() { optimizeAll_ = true; }
   CompiledQuery compile();

   // For translators
   CodeContext& cx() { return cx_; }
   QueryState& state() { return cx_.state(); }
   void addSetup(std::function<void(QueryRuntime&)> setup) { query_.setup.push_back(std::move(setup)); }
   void addStep(std::function<void(QueryRuntime&, CompiledModule&)> step) { query_.steps.push_back(std::move(step)); }
   /// Whether a pipeline's source rows can be split among workers (any range of them can be read
   /// on its own, in any order).
   enum class Source : uint8_t { Whole, Splittable };
   /// Generates a pipeline function; `body(begin, end)` emits its code. At run time the step
   /// calls it over [0, rowCount()), after `before`. `expectedRows` (what its source is expected
   /// to produce) decides how much effort compiling it is worth. A splittable source's pipeline
   /// runs in parallel when each operator its rows pass allows it (Translator::parallelSafe; a
   /// sink says so once it has said how its workers keep their rows apart: addWorkerLocal) and
   /// merging the workers' objects costs less than the rows save.
   void addPipeline(const std::string& source, double expectedRows, std::function<uint64_t(QueryRuntime&)> rowCount,
                    const std::function<void(llvm::Value*, llvm::Value*)>& body, std::function<void(QueryRuntime&)> before = nullptr,
                    Source kind = Source::Whole);
   /// For the pipeline being generated: `to` receives its rows from `from`.
   void handOn(const Translator& to, const Translator& from) {
      if (!to.parallelSafe(from)) serialPipeline_ = true;
   }
   /// For the pipeline being generated, by its sink: the objects of each worker, should it run in
   /// parallel, for the sink object `object` points to (once, however often the sink's code is
   /// emitted in the pipeline).
   void addWorkerLocal(StateField object, WorkerLocal local) {
      for (auto& [known, added] : workerLocals_)
         if (known == object.offset) return;
      workerLocals_.push_back({object.offset, std::move(local)});
   }
   /// The index of the pipeline being generated (or last generated), and whether it may run in parallel.
   size_t pipelineIndex() const { return query_.pipelines->size() - 1; }
   bool runsInParallel(size_t pipeline) const { return (*query_.pipelines)[pipeline].parallel; }
   /// For a generated function other than a pipeline (a sort's comparison): how many rows it
   /// works on, which decides how much effort compiling it is worth.
   void setFunctionWork(const std::string& function, double expectedRows);
   /// Emits code when the current pipeline function has processed its row range (before it returns).
   void atPipelineEnd(std::function<void()> emit) { pipelineEnd_.push_back(std::move(emit)); }
   /// For the pipeline being generated: the rows estimated to reach its operators, when fewer than
   /// its source produces (a scan's vector prefilters drop the others at little cost per row).
   void setPipelineWork(double rows) { pipelineWork_ = rows; }
   /// For the pipeline being generated: it hash-aggregates about `rows` rows.
   void noteGroupedRows(double rows) { groupedRows_ = std::max(groupedRows_, rows); }
   void noteStage(const std::string& stage) { query_.pipelines->back().stages.push_back(stage); }
   /// Emits the counting of one output tuple of `op`, when instrumenting.
   void countOutput(const Operator* op);
   /// For the pipeline being generated, whose scan tests blocks of rows by their value ranges:
   /// emits the counting of a block tested (`skipped`: and skipped), when instrumenting.
   void countBlock(bool skipped);
   const std::vector<const IU*>& required(const Operator* op) const { return required_.at(op); }
   /// What addSetup and addStep have added so far.
   struct Mark {
      size_t setups, steps;
   };
   Mark mark() const { return {query_.setup.size(), query_.steps.size()}; }
   /// Removes the setups and steps added since `mark` and returns them as one step (setups
   /// first), for a part of the plan that runs repeatedly, each time from fresh objects.
   std::function<void(QueryRuntime&, CompiledModule&)> takeSince(Mark mark);
   /// The field pointing to the working table of a RecursiveUnion, which its WorkTableScans read.
   void setWorkTable(const Operator* recursiveUnion, QueryState::Field field) { workTables_[recursiveUnion] = field; }
   const QueryState::Field& workTable(const Operator* recursiveUnion) const { return workTables_.at(recursiveUnion); }
   /// The buffer of a WithShared's subplan: the field pointing to its RowBuffer, whose rows hold
   /// `columns` (IUs of the subplan) as `layout`'s fields, for the SharedScans that read it.
   struct SharedBuffer {
      QueryState::Field rows;
      RowLayout layout;
      std::vector<const IU*> columns;
   };
   void setSharedBuffer(const Operator* withShared, SharedBuffer buffer) { sharedBuffers_[withShared] = std::move(buffer); }
   const SharedBuffer& sharedBuffer(const Operator* withShared) const { return sharedBuffers_.at(withShared); }
   void setResultLayout(RowLayout layout, StateField rows) {
      query_.resultLayout = std::move(layout);
      query_.resultRows = rows;
   }

   private:
   std::unique_ptr<Translator> translate(const Operator& op);
   void computeRequired(const Operator& op, std::vector<const IU*> needed);
   /// `workRows`: of those, the rows estimated to reach the pipeline's operators (setPipelineWork);
   /// `groupedRows`: the most rows one of its hash aggregations is estimated to group.
   static bool worthOptimizing(double expectedRows, double workRows, double groupedRows);

   const QueryPlan& plan_;
   CodeContext cx_;
   CompiledQuery query_;
   bool instrument_;
   bool keepIR_;
   bool optimizeAll_ = false;
   std::vector<std::function<void()>> pipelineEnd_;
   std::unordered_map<const Operator*, std::vector<const IU*>> required_;
   std::unordered_map<const Operator*, QueryState::Field> workTables_;
   std::unordered_map<const Operator*, QueryState::Field> rowCounters_;  // see countOutput
   std::unordered_map<const Operator*, SharedBuffer> sharedBuffers_;
   std::vector<std::string> coldFunctions_;  // compiled by the quick code generator
   double pipelineWork_ = 0;  // see setPipelineWork
   bool serialPipeline_ = false;  // an operator of the pipeline being generated runs on one thread only
   std::vector<std::pair<uint32_t, WorkerLocal>> workerLocals_;  // see addWorkerLocal, by the object's field
   std::shared_ptr<std::vector<StateField>> rowCounterFields_ = std::make_shared<std::vector<StateField>>();
   double groupedRows_ = 0;  // see noteGroupedRows
   std::optional<std::pair<QueryState::Field, QueryState::Field>> blockCounters_;  // see countBlock: tested, skipped
};

}  // namespace kiln
