// Window: a pipeline breaker. The input rows are materialized (in parallel too); a step sorts them
// by (PARTITION BY, ORDER BY), marks partitions and peer groups in each row's header (runtime), and
// runs a generated function that computes every call's value into the rows, on the workers for
// stretches of whole partitions; a pipeline scans them out.
#include <algorithm>
#include <optional>
#include <stdexcept>

#include "codegen/runtime_functions.h"
#include "codegen/translators/aggregate_state.h"
#include "codegen/translators/buffer_scan.h"
#include "codegen/translators/row_access.h"
#include "codegen/translators/row_compare.h"
#include "codegen/translators/window_frame.h"
#include "runtime/helpers.h"
#include "runtime/window_segments.h"
#include "runtime/worker_pool.h"

namespace kiln {

namespace {

class WindowTranslator : public Translator {
   public:
   WindowTranslator(QueryCompiler& compiler, const Window& window) : Translator(compiler, &window), window_(window) {}

   void produce() override {
      layOut();
      buffer_ = compiler_.state().declarePointer("window_rows");
      StateField buffer = buffer_;
      size_t size = layout_.size;
      compiler_.addSetup([buffer, size](QueryRuntime& rt) { rt.own(buffer, std::make_unique<RowBuffer>(size)); });

      // Partitions may come in any order: ascending keys.
      std::vector<std::pair<RowLayout::Field, SortKey>> partition, peers;
      for (const IU* iu : window_.partitionBy) partition.push_back({field(iu), SortKey{iu}});
      for (const SortKey& key : window_.orderBy) peers.push_back({field(key.iu), key});
      std::vector<std::pair<RowLayout::Field, SortKey>> order = partition;
      order.insert(order.end(), peers.begin(), peers.end());
      CodeContext& cx = compiler_.cx();
      std::string orderName = order.empty() ? "" : generateRowCompare(cx, order);
      std::string partitionName = partition.empty() ? "" : generateRowCompare(cx, partition);
      std::string peersName = peers.empty() ? "" : generateRowCompare(cx, peers);
      std::string computeName = generateCompute();
      for (const std::string& name : {orderName, partitionName, peersName, computeName})
         if (!name.empty()) compiler_.setFunctionWork(name, window_.estimatedRows);

      child().produce();

      struct Functions {
         RowCompare order = nullptr, partition = nullptr, peers = nullptr;
         void (*compute)(void*, char**, int64_t) = nullptr;
      };
      compiler_.addStep(
         [buffer, orderName, partitionName, peersName, computeName, functions = std::make_shared<Functions>()](QueryRuntime& rt, CompiledModule& module) {
            if (!functions->compute) {
               auto lookup = [&](const std::string& name) { return name.empty() ? nullptr : module.lookup(name); };
               functions->order = reinterpret_cast<RowCompare>(lookup(orderName));
               functions->partition = reinterpret_cast<RowCompare>(lookup(partitionName));
               functions->peers = reinterpret_cast<RowCompare>(lookup(peersName));
               functions->compute = reinterpret_cast<void (*)(void*, char**, int64_t)>(lookup(computeName));
            }
            auto* rows = rt.get<RowBuffer>(buffer);
            sortWindowRows(*rows, functions->order, functions->partition, functions->peers);
            computeWindowRows(*rows, functions->compute, rt.state(), StatementThreads::current(), [&rt](size_t) { return rt.addWorker().state(); });
         });
      addBufferScan(compiler_, "scan window rows", window_.estimatedRows, buffer_, [&](llvm::Value* row) {
         IUValues values;
         for (const IU* iu : required()) {
            RowLayout::Field f = field(iu);
            values.setLazy(iu, [&cx, row, f] { return loadField(cx, row, f); }, true);
         }
         consumeParent(values);
      });
   }

   bool parallelSafe(const Translator&) const override { return true; }

   void consume(IUValues& values, Translator&) override {
      CodeContext& cx = compiler_.cx();
      compiler_.noteStage("window materialize");
      StateField buffer = buffer_;
      size_t size = layout_.size;
      compiler_.addWorkerLocal(buffer, appendedRows([buffer, size](QueryRuntime& worker) { worker.own(buffer, std::make_unique<RowBuffer>(size)); },
                                                    [buffer](QueryRuntime& state) -> RowBuffer& { return *state.get<RowBuffer>(buffer); }));
      std::vector<SqlValue> row;
      for (const IU* iu : stored_) row.push_back(values.get(iu));
      llvm::Value* address = cx.callRuntime(runtime::kiln_rowbuffer_append, {buffer_.load(cx)});
      for (size_t i = 0; i < row.size(); ++i) storeField(cx, address, layout_.fields[i], row[i]);
   }

   private:
   /// The row: its header, the input values read above or by the calls, then the calls' values.
   void layOut() {
      auto store = [&](const IU* iu) {
         if (iu && std::find(stored_.begin(), stored_.end(), iu) == stored_.end()) stored_.push_back(iu);
      };
      for (const IU* iu : required())
         if (std::none_of(window_.calls.begin(), window_.calls.end(), [&](auto& call) { return call.output == iu; })) store(iu);
      for (const IU* iu : window_.partitionBy) store(iu);
      for (const SortKey& key : window_.orderBy) store(key.iu);
      for (auto& call : window_.calls)
         for (const IU* iu : call.arguments) store(iu);
      std::vector<std::pair<SqlType, bool>> fields;
      for (const IU* iu : stored_) fields.push_back({iu->type, iu->nullable});
      for (auto& call : window_.calls) fields.push_back({call.output->type, call.output->nullable});
      layout_ = RowLayout::make(fields, sizeof(WindowRowHeader));
   }

   RowLayout::Field field(const IU* iu) const {
      for (size_t i = 0; i < stored_.size(); ++i)
         if (stored_[i] == iu) return layout_.fields[i];
      for (size_t c = 0; c < window_.calls.size(); ++c)
         if (window_.calls[c].output == iu) return layout_.fields[stored_.size() + c];
      throw std::logic_error("window row lacks a value");
   }

   struct AggregateFrame {
      RowLayout layout;
      AggregateState state{};
      llvm::Value* entry = nullptr;  // the state, on the stack
      llvm::Value* start = nullptr;  // i64 slots: the rows [start, end) the state holds
      llvm::Value* end = nullptr;
   };

   /// `void compute(ptr state, ptr rows, i64 count)`: each call's value for each sorted row (the
   /// query's state, as a pipeline's, gives string_agg its arena).
   std::string generateCompute() {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      std::string name = cx.uniqueName("window");
      cx.beginFunction(name, llvm::FunctionType::get(b.getVoidTy(), {cx.ptr(), cx.ptr(), cx.i64()}, false));
      llvm::Value* rows = cx.argument(1);
      // Aggregates keep their frame's state from row to row while the frame only grows: forwards
      // for frames from the partition's start, backwards for frames to its end.
      std::vector<AggregateFrame> frames(window_.calls.size());
      for (size_t c = 0; c < window_.calls.size(); ++c)
         if (window_.calls[c].function == WindowFunction::Aggregate) frames[c] = startAggregateFrame(window_.calls[c]);
      llvm::Value* count = cx.argument(2);
      for (bool backward : {false, true}) {
         std::vector<size_t> calls;
         for (size_t c = 0; c < window_.calls.size(); ++c)
            if (growsBackward(window_.calls[c]) == backward) calls.push_back(c);
         if (calls.empty()) continue;
         cx.forRange(cx.int64(0), count, [&](llvm::Value* step) {
            llvm::Value* i = backward ? b.CreateSub(b.CreateSub(count, cx.int64(1)), step) : step;
            WindowPosition p = WindowPosition::at(cx, rows, i);
            for (size_t c : calls) compute(window_.calls[c], frames[c], p, layout_.fields[stored_.size() + c]);
         });
      }
      b.CreateRetVoid();
      cx.finishFunction();
      return name;
   }

   /// An aggregate whose frame ends with the partition but starts after its first row: computed
   /// from the last row backwards, its frame grows instead of shrinking. Not string_agg, whose
   /// text is built front to back.
   static bool growsBackward(const WindowCall& call) {
      return call.function == WindowFunction::Aggregate && call.aggregate.function != AggregateFunction::StringAgg &&
             call.frame.exclusion == FrameExclusion::NoOthers && call.frame.end == FrameBound::UnboundedFollowing &&
             call.frame.start != FrameBound::UnboundedPreceding;
   }

   void compute(const WindowCall& call, AggregateFrame& frame, const WindowPosition& p, const RowLayout::Field& output) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      auto setBigInt = [&](llvm::Value* v) { storeField(cx, p.row, output, {v, nullptr, output.type}); };
      auto setDouble = [&](llvm::Value* v) { storeField(cx, p.row, output, {v, nullptr, output.type}); };
      auto one = cx.int64(1);
      llvm::Value* partitionRows = b.CreateSub(p.partitionEnd, p.partitionStart);
      switch (call.function) {
         case WindowFunction::RowNumber: return setBigInt(b.CreateAdd(b.CreateSub(p.index, p.partitionStart), one));
         case WindowFunction::Rank: return setBigInt(b.CreateAdd(b.CreateSub(p.peerStart, p.partitionStart), one));
         case WindowFunction::DenseRank: return setBigInt(b.CreateAdd(p.peerGroup, one));
         case WindowFunction::PercentRank: {
            // (rank - 1) / (rows - 1), 0 for a partition of one row
            llvm::Value* before = b.CreateSIToFP(b.CreateSub(p.peerStart, p.partitionStart), cx.f64());
            llvm::Value* others = b.CreateSIToFP(b.CreateSub(partitionRows, one), cx.f64());
            llvm::Value* single = b.CreateICmpSLE(partitionRows, one);
            return setDouble(b.CreateSelect(single, llvm::ConstantFP::get(cx.f64(), 0.0), b.CreateFDiv(before, others)));
         }
         case WindowFunction::CumeDist: {
            llvm::Value* upToPeers = b.CreateSIToFP(b.CreateSub(p.peerEnd, p.partitionStart), cx.f64());
            return setDouble(b.CreateFDiv(upToPeers, b.CreateSIToFP(partitionRows, cx.f64())));
         }
         case WindowFunction::Ntile: return computeNtile(call, p, output, partitionRows);
         case WindowFunction::Lag:
         case WindowFunction::Lead: return computeOffset(call, p, output);
         case WindowFunction::FirstValue:
         case WindowFunction::LastValue: {
            FrameRuns frame = frameRuns(call, p);
            llvm::Value* size = frame.size(cx);
            RowLayout::Field value = field(call.arguments[0]);
            llvm::Value* empty = b.CreateICmpEQ(size, cx.int64(0));
            cx.ifThen(empty, [&] { storeField(cx, p.row, output, SqlOps(cx).nullOf(output.type)); });
            cx.ifThen(b.CreateNot(empty), [&] {
               llvm::Value* at = frame.position(cx, call.function == WindowFunction::FirstValue ? cx.int64(0) : b.CreateSub(size, one));
               storeField(cx, p.row, output, nullable(loadField(cx, p.rowAt(cx, at), value)));
            });
            return;
         }
         case WindowFunction::NthValue: return computeNthValue(call, p, output);
         case WindowFunction::Aggregate: return computeAggregate(call, frame, p, output);
      }
   }

   /// A value as a nullable one (for storing into a nullable field).
   SqlValue nullable(SqlValue v) {
      if (!v.isNull) v.isNull = compiler_.cx().boolean(false);
      return v;
   }

   /// ntile(n): the partition's rows in n buckets of equal size, the first ones one larger; n is
   /// read at the partition's first row, as PostgreSQL does.
   void computeNtile(const WindowCall& call, const WindowPosition& p, const RowLayout::Field& output, llvm::Value* partitionRows) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlValue count = loadField(cx, p.rowAt(cx, p.partitionStart), field(call.arguments[0]));
      llvm::Value* isNull = SqlOps(cx).isNull(count);
      cx.ifThen(isNull, [&] { storeField(cx, p.row, output, SqlOps(cx).nullOf(output.type)); });
      cx.ifThen(b.CreateNot(isNull), [&] {
         llvm::Value* buckets = b.CreateSExt(count.value, cx.i64());
         cx.errorIf(b.CreateICmpSLE(buckets, cx.int64(0)), int32_t(RuntimeError::NtileNotPositive));
         llvm::Value* size = b.CreateSDiv(partitionRows, buckets);
         llvm::Value* larger = b.CreateSRem(partitionRows, buckets);  // buckets with size + 1 rows
         llvm::Value* position = b.CreateSub(p.index, p.partitionStart);
         llvm::Value* inLarger = b.CreateMul(larger, b.CreateAdd(size, cx.int64(1)));
         llvm::Value* safeSize = b.CreateSelect(b.CreateICmpEQ(size, cx.int64(0)), cx.int64(1), size);
         llvm::Value* bucket = b.CreateSelect(b.CreateICmpSLT(position, inLarger), b.CreateSDiv(position, b.CreateAdd(size, cx.int64(1))),
                                              b.CreateAdd(larger, b.CreateSDiv(b.CreateSub(position, inLarger), safeSize)));
         llvm::Value* result = b.CreateAdd(bucket, cx.int64(1));
         storeField(cx, p.row, output, nullable({b.CreateTrunc(result, cx.valueType(output.type)), nullptr, output.type}));
      });
   }

   /// nth_value(value, n): the value of the frame's n-th row, NULL when the frame is shorter.
   void computeNthValue(const WindowCall& call, const WindowPosition& p, const RowLayout::Field& output) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      SqlValue n = loadField(cx, p.row, field(call.arguments[1]));
      llvm::Value* nNull = ops.isNull(n);
      cx.ifThen(nNull, [&] { storeField(cx, p.row, output, ops.nullOf(output.type)); });
      cx.ifThen(b.CreateNot(nNull), [&] {
         llvm::Value* nth = b.CreateSExt(n.value, cx.i64());
         cx.errorIf(b.CreateICmpSLE(nth, cx.int64(0)), int32_t(RuntimeError::NthValueNotPositive));
         FrameRuns frame = frameRuns(call, p);
         llvm::Value* k = b.CreateSub(nth, cx.int64(1));
         llvm::Value* inside = b.CreateICmpSLT(k, frame.size(cx));
         cx.ifThen(inside, [&] { storeField(cx, p.row, output, nullable(loadField(cx, p.rowAt(cx, frame.position(cx, k)), field(call.arguments[0])))); });
         cx.ifThen(b.CreateNot(inside), [&] { storeField(cx, p.row, output, ops.nullOf(output.type)); });
      });
   }

   /// lag/lead(value, offset, default): the value `offset` rows before/after in the partition,
   /// else the default (evaluated at the current row); NULL for a NULL offset.
   void computeOffset(const WindowCall& call, const WindowPosition& p, const RowLayout::Field& output) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      SqlValue offset = call.arguments.size() > 1 && call.arguments[1] ? loadField(cx, p.row, field(call.arguments[1]))
                                                                       : SqlValue{cx.int64(1), nullptr, SqlType::bigInt()};
      llvm::Value* offsetNull = ops.isNull(offset);
      cx.ifThen(offsetNull, [&] { storeField(cx, p.row, output, ops.nullOf(output.type)); });
      cx.ifThen(b.CreateNot(offsetNull), [&] {
         llvm::Value* distance = b.CreateSExt(offset.value, cx.i64());
         llvm::Value* target = call.function == WindowFunction::Lag ? b.CreateSub(p.index, distance) : b.CreateAdd(p.index, distance);
         llvm::Value* inside = b.CreateAnd(b.CreateICmpSGE(target, p.partitionStart), b.CreateICmpSLT(target, p.partitionEnd));
         cx.ifThen(inside, [&] { storeField(cx, p.row, output, nullable(loadField(cx, p.rowAt(cx, target), field(call.arguments[0])))); });
         cx.ifThen(b.CreateNot(inside), [&] {
            bool hasDefault = call.arguments.size() > 2 && call.arguments[2];
            storeField(cx, p.row, output, hasDefault ? nullable(loadField(cx, p.row, field(call.arguments[2]))) : ops.nullOf(output.type));
         });
      });
   }

   AggregateFrame startAggregateFrame(const WindowCall& call) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      AggregateFrame frame;
      std::vector<std::pair<SqlType, bool>> fields;
      frame.state = AggregateState::layOut(call.aggregate, fields);
      frame.layout = RowLayout::make(fields);
      auto* entry = cx.entryAlloca(llvm::ArrayType::get(cx.i8(), frame.layout.size), "frame_state");
      entry->setAlignment(llvm::Align(16));
      frame.entry = entry;
      frame.start = cx.entryAlloca(cx.i64(), "frame_start");
      frame.end = cx.entryAlloca(cx.i64(), "frame_end");
      b.CreateStore(cx.int64(-1), frame.start);  // no rows yet: the first row starts afresh
      b.CreateStore(cx.int64(-1), frame.end);
      return frame;
   }

   /// The aggregate over the frame: the state is extended while the frame keeps one end and
   /// does not shrink (the default frames, UNBOUNDED PRECEDING or FOLLOWING), else built anew.
   void computeAggregate(const WindowCall& call, AggregateFrame& frame, const WindowPosition& p, const RowLayout::Field& output) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      auto add = [&](llvm::Value* j) {
         // The argument and string_agg's delimiter.
         AggregateInput input;
         SqlValue* values[] = {&input.argument, &input.delimiter};
         for (size_t a = 0; a < call.arguments.size(); ++a) *values[a] = loadField(cx, p.rowAt(cx, j), field(call.arguments[a]));
         frame.state.update(cx, frame.entry, frame.layout, call.aggregate, input);
      };
      auto finish = [&] {
         SqlValue result = frame.state.result(cx, frame.entry, frame.layout, call.aggregate);
         storeField(cx, p.row, output, output.nullOffset >= 0 ? nullable(result) : result);
      };
      if (call.frame.exclusion != FrameExclusion::NoOthers) {
         // A hole in the frame's middle moves with the row: the state is built anew, as PostgreSQL does.
         b.CreateMemSet(frame.entry, b.getInt8(0), frame.layout.size, llvm::MaybeAlign(16));
         FrameRuns runs = frameRuns(call, p);
         for (auto [start, end] : runs.runs) cx.forRange(start, b.CreateSelect(b.CreateICmpSLT(end, start), start, end), add);
         return finish();
      }
      auto [start, end] = generateFrameBounds(cx, call.frame, p, rangeKey());
      end = b.CreateSelect(b.CreateICmpSLT(end, start), start, end);
      llvm::Value* heldStart = b.CreateLoad(cx.i64(), frame.start);
      llvm::Value* heldEnd = b.CreateLoad(cx.i64(), frame.end);
      bool backward = growsBackward(call);
      llvm::Value* restart = backward ? b.CreateOr(b.CreateICmpNE(heldEnd, end), b.CreateICmpSGT(start, heldStart))
                                      : b.CreateOr(b.CreateICmpNE(heldStart, start), b.CreateICmpSLT(end, heldEnd));
      cx.ifThen(restart, [&] {
         b.CreateMemSet(frame.entry, b.getInt8(0), frame.layout.size, llvm::MaybeAlign(16));
         b.CreateStore(backward ? end : start, frame.start);
         b.CreateStore(backward ? end : start, frame.end);
      });
      // The rows the frame has gained: before the held ones (backward) or after them.
      llvm::Value* from = backward ? start : b.CreateLoad(cx.i64(), frame.end);
      llvm::Value* to = backward ? b.CreateLoad(cx.i64(), frame.start) : end;
      cx.forRange(from, to, add);
      b.CreateStore(start, frame.start);
      b.CreateStore(end, frame.end);
      finish();
   }

   /// The ORDER BY key a RANGE frame's offsets measure (when there is exactly one).
   const RangeKey* rangeKey() {
      if (window_.orderBy.size() != 1) return nullptr;
      if (!rangeKey_) rangeKey_ = RangeKey{field(window_.orderBy[0].iu), window_.orderBy[0]};
      return &*rangeKey_;
   }

   FrameRuns frameRuns(const WindowCall& call, const WindowPosition& p) { return generateFrameRuns(compiler_.cx(), call.frame, p, rangeKey()); }

   const Window& window_;
   RowLayout layout_;
   std::vector<const IU*> stored_;  // the input values in the row, in the layout's first fields
   QueryState::Field buffer_;
   std::optional<RangeKey> rangeKey_;
};

}  // namespace

std::unique_ptr<Translator> makeWindowTranslator(QueryCompiler& compiler, const Window& op) { return std::make_unique<WindowTranslator>(compiler, op); }

}  // namespace kiln
