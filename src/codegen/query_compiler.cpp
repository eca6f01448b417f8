#include "codegen/query_compiler.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include <llvm/Support/raw_ostream.h>

#include "codegen/runtime_functions.h"
#include "codegen/sql_ops.h"
#include "common/statement_interrupt.h"
#include "runtime/parameter_values.h"
#include "runtime/row_buffer.h"

namespace kiln {

namespace {

std::atomic<uint64_t> queryCounter{0};

/// See addPipeline: four blocks of rows.
constexpr double parallelMinRows = 16384;

void addUnique(std::vector<const IU*>& set, const IU* iu) {
   for (const IU* existing : set)
      if (existing == iu) return;
   set.push_back(iu);
}

void addExpression(std::vector<const IU*>& set, const Expr& e) {
   std::vector<const IU*> ius;
   e.collectIUs(ius);
   for (const IU* iu : ius) addUnique(set, iu);
}

/// The root sink: materializes the query's output rows for the Result.
class ResultTranslator : public Translator {
   public:
   ResultTranslator(QueryCompiler& compiler, const QueryPlan& plan) : Translator(compiler, nullptr), plan_(plan) {}

   void produce() override {
      std::vector<std::pair<SqlType, bool>> fields;
      for (const IU* iu : plan_.columns) fields.push_back({iu->type.id == TypeId::Unknown ? SqlType::text() : iu->type, iu->nullable});
      layout_ = RowLayout::make(fields);
      rows_ = compiler_.state().declarePointer("result_rows");
      StateField rows = rows_;
      size_t size = layout_.size;
      compiler_.addSetup([rows, size](QueryRuntime& rt) { rt.keepRowBuffer(rows, size); });
      compiler_.setResultLayout(layout_, rows_);
      child().produce();
   }

   /// Each worker appends to rows of its own, which the result takes in morsel order; not for a
   /// result streamed in chunks while the query runs (their memory stays bounded so).
   bool parallelSafe(const Translator&) const override { return true; }

   void consume(IUValues& values, Translator&) override {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      compiler_.noteStage("result");
      StateField rows = rows_;
      size_t size = layout_.size;
      WorkerLocal local = appendedRows([rows, size](QueryRuntime& worker) { worker.own(rows, std::make_unique<RowBuffer>(size)); },
                                       [rows](QueryRuntime& state) -> RowBuffer& { return *state.get<RowBuffer>(rows); });
      local.allowsWorkers = [rows](QueryRuntime& query) { return !query.get<RowBuffer>(rows)->handsOff(); };
      compiler_.addWorkerLocal(rows, std::move(local));
      std::vector<SqlValue> row;
      for (const IU* iu : plan_.columns) row.push_back(values.get(iu));
      llvm::Value* address = cx.callRuntime(runtime::kiln_rowbuffer_append, {rows_.load(cx)});
      for (size_t i = 0; i < row.size(); ++i) {
         const auto& field = layout_.fields[i];
         SqlValue v = row[i];
         if (v.type.id == TypeId::Unknown) v = ops.nullOf(SqlType::text());
         llvm::Value* nullAddress = field.nullOffset >= 0 ? b.CreateConstGEP1_64(cx.i8(), address, uint64_t(field.nullOffset)) : nullptr;
         ops.store(v, b.CreateConstGEP1_64(cx.i8(), address, field.offset), nullAddress);
      }
   }

   private:
   const QueryPlan& plan_;
   RowLayout layout_;
   QueryState::Field rows_;
};

}  // namespace

const std::vector<const IU*>& Translator::required() const { return compiler_.required(op_); }

void Translator::consumeParent(IUValues& values) {
   compiler_.countOutput(op_);
   compiler_.handOn(*parent_, *this);
   parent_->consume(values, *this);
}

QueryCompiler::QueryCompiler(const QueryPlan& plan, bool instrument, bool keepIR)
   : plan_(plan), cx_("q" + std::to_string(++queryCounter)), instrument_(instrument), keepIR_(keepIR) {
   // Names only serve a reader of the IR; building them costs compile time.
   if (!keepIR) cx_.llvm().setDiscardValueNames(true);
}

void QueryCompiler::countOutput(const Operator* op) {
   if (!instrument_ || !op) return;
   auto counted = rowCounters_.find(op);
   if (counted == rowCounters_.end()) {
      // Zero when a run starts, and never set up: a plan part that reruns (WITH RECURSIVE) counts on.
      counted = rowCounters_.emplace(op, state().declare("rows_counted", cx_.i64())).first;
      query_.rowCounters.push_back({op, counted->second});
   }
   auto& b = cx_.builder();
   llvm::Value* counter = counted->second.pointer(cx_);
   b.CreateStore(b.CreateAdd(b.CreateLoad(cx_.i64(), counter), cx_.int64(1)), counter);
}

void QueryCompiler::countBlock(bool skipped) {
   if (!instrument_) return;
   if (!blockCounters_) {
      blockCounters_ = {state().declare("blocks_tested", cx_.i64()), state().declare("blocks_skipped", cx_.i64())};
      query_.pipelines->back().blocks = PipelineInfo::BlockCounts{blockCounters_->first, blockCounters_->second};
   }
   auto& b = cx_.builder();
   llvm::Value* counter = (skipped ? blockCounters_->second : blockCounters_->first).pointer(cx_);
   b.CreateStore(b.CreateAdd(b.CreateLoad(cx_.i64(), counter), cx_.int64(1)), counter);
}

void QueryCompiler::computeRequired(const Operator& op, std::vector<const IU*> needed) {
   required_[&op] = needed;
   switch (op.kind) {
      case OperatorKind::TableScan:
      case OperatorKind::Values: return;
      case OperatorKind::IndexScan: {
         // An index join's child provides what is needed of its IUs and what the keys read.
         if (op.children.empty()) return;
         auto& scan = static_cast<const IndexScan&>(op);
         std::vector<const IU*> produced = producedIUs(op.child()), fromChild;
         for (auto& key : scan.keys) addExpression(needed, *key);
         if (scan.low) addExpression(needed, *scan.low);
         if (scan.high) addExpression(needed, *scan.high);
         for (const IU* iu : needed)
            if (std::find(produced.begin(), produced.end(), iu) != produced.end()) addUnique(fromChild, iu);
         computeRequired(op.child(), fromChild);
         return;
      }
      case OperatorKind::Filter: addExpression(needed, *static_cast<const Filter&>(op).condition); break;
      case OperatorKind::Map: {
         auto& map = static_cast<const Map&>(op);
         std::vector<const IU*> below;
         for (const IU* iu : needed) {
            bool computed = false;
            for (auto& c : map.computations) computed |= c.output == iu;
            if (!computed) addUnique(below, iu);
         }
         for (auto& c : map.computations) addExpression(below, *c.expression);
         needed = below;
         break;
      }
      case OperatorKind::Aggregate: {
         auto& aggregate = static_cast<const Aggregate&>(op);
         needed.clear();
         for (auto& key : aggregate.keys) addExpression(needed, *key.expression);
         for (auto& call : aggregate.aggregates) {
            if (call.argument) addExpression(needed, *call.argument);
            if (call.delimiter) addExpression(needed, *call.delimiter);
         }
         break;
      }
      case OperatorKind::Sort:
         for (auto& key : static_cast<const Sort&>(op).keys) addUnique(needed, key.iu);
         required_[&op] = needed;  // the sort materializes its keys too
         break;
      case OperatorKind::Limit: break;
      case OperatorKind::Window: {
         // The window materializes its keys and arguments too; its outputs come from itself.
         auto& window = static_cast<const Window&>(op);
         for (auto& call : window.calls) std::erase(needed, call.output);
         for (const IU* iu : window.partitionBy) addUnique(needed, iu);
         for (auto& key : window.orderBy) addUnique(needed, key.iu);
         for (auto& call : window.calls)
            for (const IU* iu : call.arguments)
               if (iu) addUnique(needed, iu);
         break;
      }
      case OperatorKind::Series: {
         auto& series = static_cast<const Series&>(op);
         std::erase(needed, series.output);
         std::erase(needed, series.ordinality);
         addExpression(needed, *series.start);
         if (series.stop) addExpression(needed, *series.stop);
         break;
      }
      case OperatorKind::UnionAll: {
         // Each input provides its own columns in place of the union's.
         auto& unionAll = static_cast<const UnionAll&>(op);
         for (size_t i = 0; i < op.children.size(); ++i) {
            std::vector<const IU*> fromChild;
            for (const IU* iu : needed)
               for (size_t c = 0; c < unionAll.columns.size(); ++c)
                  if (unionAll.columns[c] == iu) addUnique(fromChild, unionAll.inputs[i][c]);
            computeRequired(*op.children[i], fromChild);
         }
         return;
      }
      case OperatorKind::RecursiveUnion: {
         // Every column is stored: the recursive term reads them all.
         auto& recursive = static_cast<const RecursiveUnion&>(op);
         for (size_t i = 0; i < op.children.size(); ++i) computeRequired(*op.children[i], recursive.inputs[i]);
         return;
      }
      case OperatorKind::WorkTableScan: return;
      case OperatorKind::WithShared: {
         // The shared subplan provides what any of its SharedScans, all in children[1], needs.
         const Operator& subplan = *op.children[0];
         computeRequired(*op.children[1], needed);
         computeRequired(subplan, required_[&subplan]);
         return;
      }
      case OperatorKind::SharedScan: {
         auto& scan = static_cast<const SharedScan&>(op);
         std::vector<const IU*>& stored = required_[scan.source->children[0].get()];
         for (size_t c = 0; c < scan.columns.size(); ++c)
            if (std::find(needed.begin(), needed.end(), scan.columns[c]) != needed.end()) addUnique(stored, scan.source->columns[c]);
         return;
      }
      case OperatorKind::Join: {
         // Each side provides what it produces of what is needed above and in the condition.
         auto& join = static_cast<const Join&>(op);
         if (join.condition) addExpression(needed, *join.condition);
         for (auto& child : op.children) {
            std::vector<const IU*> produced = producedIUs(*child), fromChild;
            for (const IU* iu : needed)
               for (const IU* p : produced)
                  if (p == iu) addUnique(fromChild, iu);
            computeRequired(*child, fromChild);
         }
         return;
      }
   }
   for (auto& child : op.children) computeRequired(*child, needed);
}

std::unique_ptr<Translator> QueryCompiler::translate(const Operator& op) {
   std::unique_ptr<Translator> translator;
   switch (op.kind) {
      case OperatorKind::TableScan: translator = makeScanTranslator(*this, static_cast<const TableScan&>(op)); break;
      case OperatorKind::IndexScan: translator = makeIndexScanTranslator(*this, static_cast<const IndexScan&>(op)); break;
      case OperatorKind::Values: translator = makeValuesTranslator(*this, static_cast<const Values&>(op)); break;
      case OperatorKind::Filter: translator = makeFilterTranslator(*this, static_cast<const Filter&>(op)); break;
      case OperatorKind::Map: translator = makeMapTranslator(*this, static_cast<const Map&>(op)); break;
      case OperatorKind::Aggregate: translator = makeAggregateTranslator(*this, static_cast<const Aggregate&>(op)); break;
      case OperatorKind::Sort: translator = makeSortTranslator(*this, static_cast<const Sort&>(op)); break;
      case OperatorKind::Limit: translator = makeLimitTranslator(*this, static_cast<const Limit&>(op)); break;
      case OperatorKind::UnionAll: translator = makeUnionAllTranslator(*this, static_cast<const UnionAll&>(op)); break;
      case OperatorKind::Series: translator = makeSeriesTranslator(*this, static_cast<const Series&>(op)); break;
      case OperatorKind::Window: translator = makeWindowTranslator(*this, static_cast<const Window&>(op)); break;
      case OperatorKind::RecursiveUnion: translator = makeRecursiveUnionTranslator(*this, static_cast<const RecursiveUnion&>(op)); break;
      case OperatorKind::WorkTableScan: translator = makeWorkTableScanTranslator(*this, static_cast<const WorkTableScan&>(op)); break;
      case OperatorKind::WithShared: translator = makeWithSharedTranslator(*this, static_cast<const WithShared&>(op)); break;
      case OperatorKind::SharedScan: translator = makeSharedScanTranslator(*this, static_cast<const SharedScan&>(op)); break;
      case OperatorKind::Join:
         translator = static_cast<const Join&>(op).buildLeft ? makeBuildLeftJoinTranslator(*this, static_cast<const Join&>(op))
                                                             : makeJoinTranslator(*this, static_cast<const Join&>(op));
         break;
   }
   for (auto& child : op.children) translator->addChild(translate(*child));
   return translator;
}

std::function<void(QueryRuntime&, CompiledModule&)> QueryCompiler::takeSince(Mark mark) {
   std::vector<std::function<void(QueryRuntime&)>> setups(query_.setup.begin() + long(mark.setups), query_.setup.end());
   std::vector<std::function<void(QueryRuntime&, CompiledModule&)>> steps(query_.steps.begin() + long(mark.steps), query_.steps.end());
   query_.setup.resize(mark.setups);
   query_.steps.resize(mark.steps);
   return [setups = std::move(setups), steps = std::move(steps)](QueryRuntime& rt, CompiledModule& module) {
      for (auto& setup : setups) setup(rt);
      for (auto& step : steps) step(rt, module);
   };
}

bool QueryCompiler::worthOptimizing(double expectedRows, double workRows, double groupedRows) {
   // Optimized machine code saves a few nanoseconds per row and costs milliseconds to make: it
   // pays off from about this many rows. Since quick code keeps loop state in memory rather than
   // in values the quick register allocator spills, it runs close enough.
   // Where vector prefilters leave few of them, the prefilter loop runs about as fast in quick
   // code, and what follows is worth optimizing from about 200,000 rows.
   // Hash aggregation is the exception: quick code spends more on each row it groups, so a
   // million grouped rows repay the compile even from a smaller source; from fewer, misestimates
   // cost more than they save. The measurements: bench/notes.md.
   return (expectedRows >= 2'000'000 && workRows >= 200'000) || groupedRows >= 1'000'000;
}

void QueryCompiler::setFunctionWork(const std::string& function, double expectedRows) {
   if (!optimizeAll_ && !worthOptimizing(expectedRows, expectedRows, 0)) coldFunctions_.push_back(function);
}

void QueryCompiler::addPipeline(const std::string& source, double expectedRows, std::function<uint64_t(QueryRuntime&)> rowCount,
                                const std::function<void(llvm::Value*, llvm::Value*)>& body, std::function<void(QueryRuntime&)> before, Source kind) {
   std::string name = cx_.uniqueName("pipeline");
   size_t index = query_.pipelines->size();
   PipelineInfo added;
   added.function = name;
   added.stages = {source};
   query_.pipelines->push_back(std::move(added));
   pipelineWork_ = expectedRows;
   groupedRows_ = 0;
   serialPipeline_ = kind != Source::Splittable;
   workerLocals_.clear();
   blockCounters_.reset();
   cx_.beginPipelineFunction(name);
   pipelineEnd_.clear();
   body(cx_.argument(1), cx_.argument(2));
   PipelineInfo& pipeline = (*query_.pipelines)[index];
   bool optimized = optimizeAll_ || worthOptimizing(expectedRows, pipelineWork_, groupedRows_);
   pipeline.optimized = optimized;
   if (!optimized) coldFunctions_.push_back(name);
   // Merging about `merged` entries, split among the workers (parallel_group_merge.h), costs
   // about what as many rows of the pipeline do; with two workers, each saves half the rows. A
   // pipeline expected to see a few blocks of rows gets no parallel run (nor its merge functions
   // to compile): it would not repay waking the workers.
   double merged = 0;
   for (auto& [object, local] : workerLocals_) merged += local.mergedEntries;
   if (!serialPipeline_ && merged * 2 <= expectedRows && expectedRows >= parallelMinRows) {
      pipeline.parallel = true;
      for (auto& [object, local] : workerLocals_) pipeline.locals.push_back(std::move(local));
   }
   workerLocals_.clear();
   for (auto& emit : pipelineEnd_) emit();
   pipelineEnd_.clear();
   cx_.builder().CreateRetVoid();
   cx_.finishFunction();
   // Pipelines are timed for EXPLAIN ANALYZE only: reading the clock costs a point query time.
   query_.steps.push_back([index, timed = instrument_, pipelines = query_.pipelines, counters = rowCounterFields_, rowCount = std::move(rowCount),
                           before = std::move(before)](QueryRuntime& rt, CompiledModule& module) {
      auto start = timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
      if (before) before(rt);
      PipelineInfo& pipeline = (*pipelines)[index];
      runPipeline(rt, module, pipeline, rowCount(rt), *counters);
      if (timed) pipeline.ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
   });
}

CompiledQuery QueryCompiler::compile() {
   query_.optimizeAll = optimizeAll_;
   using Clock = std::chrono::steady_clock;
   auto start = Clock::now();
   if (plan_.ius.parameterCount()) {
      std::vector<SqlType> types;
      for (size_t i = 1; i <= plan_.ius.parameterCount(); ++i) types.push_back(const_cast<IUSet&>(plan_.ius).parameter(i));
      query_.parameterLayout = ParameterValues::layoutFor(types);
      QueryState::Field parameters = state().declarePointer("parameters");
      query_.parameterValues = parameters;
      cx_.setParameters(parameters, &query_.parameterLayout);
   }
   computeRequired(*plan_.root, plan_.columns);
   ResultTranslator root(*this, plan_);
   root.addChild(translate(*plan_.root));
   root.produce();
   if (keepIR_) {
      llvm::raw_string_ostream out(query_.ir);
      cx_.module().print(out, nullptr);
   }
   query_.stateLayout = state().finish();
   for (auto& [op, counter] : query_.rowCounters) rowCounterFields_->push_back(counter);
   for (const PipelineInfo& pipeline : *query_.pipelines)
      if (pipeline.blocks) rowCounterFields_->insert(rowCounterFields_->end(), {pipeline.blocks->tested, pipeline.blocks->skipped});
   auto generated = Clock::now();
   query_.objects = cx_.takeKeptObjects();
   // About the machine code's size: a few bytes per instruction of IR.
   for (const llvm::Function& function : cx_.module()) query_.codeBytes += 6 * function.getInstructionCount();
   query_.module = Jit::instance().compile(cx_.takeModule(), cx_.takeContext(), coldFunctions_);
   // Resolving the symbols makes ORC generate the machine code now, inside the compile time.
   for (PipelineInfo& pipeline : *query_.pipelines) {
      pipeline.entry = query_.module->lookup(pipeline.function);
      pipeline.optimizedEntry = query_.module->optimizedEntry(pipeline.function);
   }
   auto done = Clock::now();
   query_.codegenMs = std::chrono::duration<double, std::milli>(generated - start).count();
   query_.llvmMs = std::chrono::duration<double, std::milli>(done - generated).count();
   return std::move(query_);
}

}  // namespace kiln
