// Hash aggregation. The build pipeline hashes the group key, walks the bucket's chain in
// generated code and updates the aggregate states in place; a new group's entry comes from the
// runtime. The output pipeline scans the entries. Without GROUP BY there is one entry, made
// before the build, so an empty input still yields one row. All states start as zero bytes.
#include <algorithm>
#include <optional>
#include "codegen/expression_compiler.h"
#include "codegen/runtime_functions.h"
#include "codegen/translators/aggregate_state.h"
#include "codegen/translators/bucket_prefetch.h"
#include "codegen/translators/buffer_scan.h"
#include "codegen/translators/hash_chain.h"
#include "codegen/translators/parallel_group_merge.h"
#include "codegen/translators/row_access.h"

#include "common/german_string.h"
#include "runtime/chained_hash_table.h"
#include "runtime/helpers.h"
#include "storage/table.h"

namespace kiln {

namespace {

constexpr size_t entryHeaderSize = sizeof(HashEntryHeader);

class AggregateTranslator : public Translator {
   public:
   AggregateTranslator(QueryCompiler& compiler, const Aggregate& aggregate) : Translator(compiler, &aggregate), aggregate_(aggregate) {}

   void produce() override {
      layOut();
      CodeContext& cx = compiler_.cx();
      QueryState& queryState = compiler_.state();
      storage_ = queryState.declarePointer(aggregate_.keys.empty() ? "aggregate_buffer" : "aggregate_hash_table");
      StateField storage = storage_;
      size_t entrySize = layout_.size;
      if (aggregate_.keys.empty()) {
         entry_ = queryState.declarePointer("aggregate_entry");
         StateField entry = entry_;
         // The one entry's buffer outlives the run: a prepared statement's runs reuse its memory
         // instead of allocating a buffer each. Emptied here too: a recursive query's subquery
         // sets up again within one run.
         compiler_.addSetup([storage, entry, entrySize](QueryRuntime& rt) {
            RowBuffer* buffer = rt.keepRowBuffer(storage, entrySize);
            buffer->clear();
            rt.pointer(entry) = buffer->append();
         });
         buffer_ = storage_;
      } else {
         // The scan reads the table's entry buffer: give it a field of its own.
         buffer_ = queryState.declarePointer("aggregate_entries");
         StateField buffer = buffer_;
         double expected = aggregate_.estimatedRows;
         compiler_.addSetup([storage, buffer, entrySize, expected](QueryRuntime& rt) {
            auto* table = rt.own(storage, std::make_unique<ChainedHashTable>(entrySize, expected));
            rt.pointer(buffer) = &table->entries;
         });
      }
      if (groupsMayComeInKeyOrder()) {
         groupsInOrder_ = queryState.declarePointer("aggregate_groups_in_key_order");
         StateField groups = *groupsInOrder_;
         compiler_.addSetup([groups](QueryRuntime& rt) { rt.own(groups, std::make_unique<GroupsInKeyOrder>()); });
      }
      if (std::any_of(aggregate_.aggregates.begin(), aggregate_.aggregates.end(), [](auto& a) { return a.distinct; })) {
         distinctSets_ = queryState.declarePointer("aggregate_distinct_sets");
         StateField sets = *distinctSets_;
         compiler_.addSetup([sets](QueryRuntime& rt) { rt.own(sets, std::make_unique<DistinctSets>()); });
      }
      if (std::any_of(aggregate_.aggregates.begin(), aggregate_.aggregates.end(), AggregateState::isOrderedSet)) {
         valueLists_ = queryState.declarePointer("aggregate_value_lists");
         StateField lists = valueLists_;
         compiler_.addSetup([lists](QueryRuntime& rt) { rt.own(lists, std::make_unique<ValueLists>()); });
      }
      size_t first = compiler_.pipelineIndex() + 1;
      child().produce();
      bool parallel = false;
      for (size_t pipeline = first; pipeline <= compiler_.pipelineIndex(); ++pipeline) parallel |= compiler_.runsInParallel(pipeline);
      if (parallel) generateMerge();
      addBufferScan(compiler_, aggregate_.keys.empty() ? "scan aggregate" : "scan groups", aggregate_.estimatedRows, buffer_,
                    [&](llvm::Value* row) { emitOutput(cx, row); });
   }

   /// Workers aggregate into entries or tables of their own, which are then merged: only states
   /// that can be merged.
   bool parallelSafe(const Translator&) const override {
      for (auto& key : aggregate_.keys)
         if (key.expression->isVolatile()) return false;
      for (auto& call : aggregate_.aggregates)
         if (call.distinct || !AggregateState::mergeable(call) || (call.argument && call.argument->isVolatile()) ||
             (call.delimiter && call.delimiter->isVolatile()))
            return false;
      return true;
   }

   void consume(IUValues& values, Translator&) override {
      CodeContext& cx = compiler_.cx();
      addWorkerLocal();
      compiler_.noteStage(aggregate_.keys.empty() ? "aggregate" : groupsInOrder_ ? "hash aggregate build (key order)" : "hash aggregate build");
      ExpressionCompiler expressions(cx, values);
      std::vector<SqlValue> keys;
      std::vector<AggregateInput> inputs;
      for (auto& key : aggregate_.keys) keys.push_back(expressions.compile(*key.expression));
      for (auto& call : aggregate_.aggregates) {
         auto compile = [&](const ExprPtr& e) { return e ? expressions.compile(*e) : SqlValue{}; };
         inputs.push_back({compile(call.argument), compile(call.delimiter)});
      }
      llvm::Value* entry;
      if (aggregate_.keys.empty()) {
         entry = localEntry(cx);
      } else {
         compiler_.noteGroupedRows(aggregate_.children[0]->estimatedRows);
         std::vector<const Expr*> keyExpressions;
         for (auto& key : aggregate_.keys) keyExpressions.push_back(key.expression.get());
         // Also for input clustered by the keys: a run of a few rows ends at a random bucket.
         // The chain's entry is worth prefetching where most rows find their group (many rows
         // per group; TPC-H Q13), not where most start one (Q18), whose demand loads of the
         // directory word would wait.
         bool findsMostGroups = aggregate_.children[0]->estimatedRows >= 8 * aggregate_.estimatedRows;
         auto prefetch = [&] {
            prefetchBucketAhead(cx, values, keyExpressions, storage_.load(cx), aggregate_.estimatedRows, aggregate_.children[0]->estimatedRows,
                                findsMostGroups);
         };
         auto find = [&] { return findOrInsertEntry(cx, storage_.load(cx), layout_, keys); };
         if (groupsInOrder_) {
            // In key order the directory is not used: nothing to prefetch.
            llvm::Value* groups = groupsInOrder_->load(cx);
            cx.ifThen(cx.builder().CreateICmpEQ(loadInOrder(cx, groups), cx.int8(0)), prefetch);
            entry = previousGroupOr(cx, keys, [&] { return groupInKeyOrderOr(cx, groups, keys[0], find); });
         } else {
            prefetch();
            entry = previousGroupOr(cx, keys, find);
         }
      }
      for (size_t i = 0; i < aggregate_.aggregates.size(); ++i) update(cx, entry, aggregate_.aggregates[i], states_[i], inputs[i]);
   }

   private:
   void layOut() {
      std::vector<std::pair<SqlType, bool>> fields;
      for (auto& key : aggregate_.keys) fields.push_back({key.output->type, key.output->nullable});
      states_ = AggregateState::layOutAll(aggregate_.aggregates, !aggregate_.keys.empty(), fields);
      for (size_t i = 0; i < states_.size(); ++i) {
         if (!aggregate_.aggregates[i].distinct) continue;
         states_[i].distinctSet = int(fields.size());
         fields.push_back({SqlType::bigInt(), false});  // a pointer, zero until the first value
      }
      layout_ = RowLayout::make(fields, entryHeaderSize);
   }

   /// The group of the previous row when the keys are the same, else `find()`: input ordered or
   /// clustered by the keys (a table loaded in key order, as TPC-H's lineitem by l_orderkey)
   /// repeats a group for rows in a row, which then need no hashing and no lookup. Only for keys
   /// of fixed size and short strings, where the comparison costs less than the lookup it may
   /// save.
   llvm::Value* previousGroupOr(CodeContext& cx, const std::vector<SqlValue>& keys, const std::function<llvm::Value*()>& find) {
      auto costly = [](const SqlValue& key) { return key.type.isStringLike() && !(key.type.length > 0 && key.type.length <= GermanString::maxInline); };
      if (std::any_of(keys.begin(), keys.end(), costly)) return find();
      auto& b = cx.builder();
      SqlOps ops(cx);
      llvm::AllocaInst* previous = cx.entryAlloca(cx.ptr(), "previous_group");
      cx.atEntry([previous](llvm::IRBuilder<>& entry) { entry.CreateStore(llvm::ConstantPointerNull::get(entry.getPtrTy()), previous); });
      std::vector<llvm::AllocaInst*> values, nulls;
      llvm::Value* same = b.CreateIsNotNull(b.CreateLoad(cx.ptr(), previous));
      for (const SqlValue& key : keys) {
         values.push_back(cx.entryAlloca(key.value->getType(), "previous_key"));
         nulls.push_back(key.isNull ? cx.entryAlloca(cx.i1(), "previous_key_null") : nullptr);
         SqlValue last{b.CreateLoad(key.value->getType(), values.back()), nulls.back() ? b.CreateLoad(cx.i1(), nulls.back()) : nullptr, key.type};
         same = b.CreateAnd(same, ops.sameKey(key, last));
      }
      return cx.ifThenElse(
         same, [&]() -> llvm::Value* { return b.CreateLoad(cx.ptr(), previous); },
         [&]() -> llvm::Value* {
            llvm::Value* found = find();
            b.CreateStore(found, previous);
            for (size_t i = 0; i < keys.size(); ++i) {
               b.CreateStore(keys[i].value, values[i]);
               if (nulls[i]) b.CreateStore(keys[i].isNull, nulls[i]);
            }
            return found;
         });
   }

   /// One integer key, never NULL, that is a column of the table the pipeline scans (through
   /// filters, maps and join probes, which keep the scan's order), whose statistics found its
   /// values ascending: the groups may come in key order (GroupsInKeyOrder). Others would only
   /// pay for the check (bench/notes.md).
   bool groupsMayComeInKeyOrder() const {
      if (aggregate_.keys.size() != 1 || aggregate_.keys[0].expression->nullable) return false;
      const Expr& key = *aggregate_.keys[0].expression;
      PhysicalType physical = physicalTypeOf(key.type);
      if (key.kind != ExprKind::ColumnRef || (physical != PhysicalType::Int16 && physical != PhysicalType::Int32 && physical != PhysicalType::Int64))
         return false;
      for (const Operator* op = &aggregate_.child();;) {
         switch (op->kind) {
            case OperatorKind::Filter:
            case OperatorKind::Map: op = &op->child(); break;
            case OperatorKind::Join: op = op->children[static_cast<const Join&>(*op).buildLeft ? 1 : 0].get(); break;
            case OperatorKind::TableScan: {
               auto& scan = static_cast<const TableScan&>(*op);
               auto column = std::find(scan.columns.begin(), scan.columns.end(), key.iu);
               return column != scan.columns.end() && scan.table->column(size_t(column - scan.columns.begin())).statistics().ascending;
            }
            default: return false;
         }
      }
   }

   static llvm::Value* loadInOrder(CodeContext& cx, llvm::Value* groups) {
      return cx.builder().CreateLoad(cx.i8(), cx.builder().CreateConstGEP1_64(cx.i8(), groups, GroupsInKeyOrder::inOrderOffset));
   }

   /// The group of `key` while the keys come in ascending order (see GroupsInKeyOrder), else (from
   /// the first key out of order on) what `find` finds.
   llvm::Value* groupInKeyOrderOr(CodeContext& cx, llvm::Value* groups, const SqlValue& key, const std::function<llvm::Value*()>& find) {
      auto& b = cx.builder();
      llvm::Value* inOrder = cx.ifThenElse(
         b.CreateICmpNE(loadInOrder(cx, groups), cx.int8(0)),
         [&]() -> llvm::Value* {
            llvm::Value* wide = b.CreateSExt(key.value, cx.i64());
            return cx.callRuntime(runtime::kiln_group_in_key_order, {groups, storage_.load(cx), wide, hashKeys(cx, {key})});
         },
         [&]() -> llvm::Value* { return llvm::ConstantPointerNull::get(cx.ptr()); });
      return cx.ifThenElse(
         b.CreateIsNotNull(inOrder),
         [&]() -> llvm::Value* {
            storeField(cx, inOrder, layout_.fields[0], key);  // a new group's key; the same again in the last group
            return inOrder;
         },
         find);
   }

   /// Without GROUP BY, the pipeline accumulates into a stack copy of the one entry (kept in
   /// registers by the optimizer) and adds it to the shared entry when its rows are done. With
   /// DISTINCT the states are sets in memory, updated in place; string_agg's text, too.
   llvm::Value* localEntry(CodeContext& cx) {
      if (distinctSets_ || !std::all_of(aggregate_.aggregates.begin(), aggregate_.aggregates.end(), AggregateState::mergeable)) return entry_.load(cx);
      auto& b = cx.builder();
      llvm::AllocaInst* local = cx.entryAlloca(llvm::ArrayType::get(cx.i8(), layout_.size), "partial_aggregate");
      local->setAlignment(llvm::Align(16));
      size_t size = layout_.size;
      cx.atEntry([local, size](llvm::IRBuilder<>& entry) { entry.CreateMemSet(local, entry.getInt8(0), size, llvm::MaybeAlign(16)); });
      compiler_.atPipelineEnd([this, &cx, local] { merge(cx, entry_.load(cx), local); });
      (void)b;
      return local;
   }

   /// Each worker's entry (without GROUP BY) or hash table, merged by the generated functions
   /// that generateMerge makes once a pipeline feeding this aggregation may run in parallel.
   void addWorkerLocal() {
      if (mergeFunction_.empty()) {
         mergeFunction_ = compiler_.cx().uniqueName("merge_aggregate");
         mergeGroupFunction_ = compiler_.cx().uniqueName("merge_group");
      }
      StateField storage = storage_, entry = entry_;
      std::optional<StateField> groups = groupsInOrder_;
      size_t entrySize = layout_.size;
      double expected = aggregate_.estimatedRows;
      auto merge = std::make_shared<MergeFunctions>(mergeFunction_, mergeGroupFunction_);
      if (aggregate_.keys.empty()) {
         compiler_.addWorkerLocal(storage, {[storage, entry, entrySize](QueryRuntime& worker) {
                                               worker.pointer(entry) = worker.own(storage, std::make_unique<RowBuffer>(entrySize))->append();
                                            },
                                            nullptr,
                                            [entry, merge](QueryRuntime& query, CompiledModule& module, const SinkRows& rows) {
                                               auto states = merge->states(module);
                                               for (QueryRuntime* worker : rows.workers()) states(query.state(), query.pointer(entry), worker->pointer(entry));
                                            },
                                            0, nullptr});
         return;
      }
      const RowLayout::Field& key = layout_.fields[0];
      OrderedKey ordered{key.offset, physicalSize(physicalTypeOf(key.type))};
      // Groups in key order merge by their position, without lookups.
      double merged = groupsInOrder_ ? 0 : expected;
      compiler_.addWorkerLocal(storage, {[storage, groups, entrySize, expected](QueryRuntime& worker) {
                                            // Groups in key order need no directory unless the order breaks.
                                            worker.own(storage, std::make_unique<ChainedHashTable>(entrySize, groups ? 0 : expected));
                                            if (groups) worker.own(*groups, std::make_unique<GroupsInKeyOrder>());
                                         },
                                         [storage](QueryRuntime& worker) { return worker.get<ChainedHashTable>(storage)->entries.size(); },
                                         [storage, groups, ordered, merge, entrySize](QueryRuntime& query, CompiledModule& module, const SinkRows& rows) {
                                            // In the order the groups first came, as on one thread.
                                            if (groups && mergeInKeyOrder(query, module, rows, storage, *groups, ordered, *merge)) return;
                                            auto group = merge->group(module);
                                            if (mergeGroupsInParallel(query, rows, storage, entrySize, group)) return;
                                            rows.forEach([&](QueryRuntime& worker, size_t begin, size_t end) {
                                               RowBuffer& entries = worker.get<ChainedHashTable>(storage)->entries;
                                               for (size_t i = begin; i < end; ++i) group(query.state(), nullptr, entries.rows()[i]);
                                            });
                                         },
                                         merged, nullptr});
   }

   /// The generated merges: of one entry's states into another's, and of a worker's group into
   /// the query's table. Looked up once, at the first merge.
   class MergeFunctions {
      public:
      using Merge = void (*)(void* state, void* target, void* partial);
      MergeFunctions(std::string states, std::string group) : names_{std::move(states), std::move(group)} {}
      Merge states(CompiledModule& module) { return find(module, 0); }
      Merge group(CompiledModule& module) { return find(module, 1); }

      private:
      Merge find(CompiledModule& module, size_t i) {
         if (!functions_[i]) functions_[i] = reinterpret_cast<Merge>(module.lookup(names_[i]));
         return functions_[i];
      }
      std::string names_[2];
      Merge functions_[2] = {nullptr, nullptr};
   };

   /// Where an integer group key sits in an entry.
   struct OrderedKey {
      size_t offset;
      size_t bytes;
      int64_t of(const char* entry) const {
         const char* at = entry + offset;
         int64_t value = 0;
         if (bytes == 2) value = *reinterpret_cast<const int16_t*>(at);
         else if (bytes == 4) value = *reinterpret_cast<const int32_t*>(at);
         else value = *reinterpret_cast<const int64_t*>(at);
         return value;
      }
   };

   /// Groups whose one integer key came in ascending order to every worker and, in morsel order,
   /// across them: the query's table takes the entries as they are, in that order, merging only a
   /// group that a morsel boundary cut in two. Each worker checked its own keys' order, so only
   /// the keys at morsel boundaries are read here. False (having changed nothing) when the keys
   /// were not in order.
   static bool mergeInKeyOrder(QueryRuntime& query, CompiledModule& module, const SinkRows& rows, StateField storage, StateField groups, const OrderedKey& key,
                               MergeFunctions& merge) {
      for (QueryRuntime* worker : rows.workers())
         if (!worker->get<GroupsInKeyOrder>(groups)->inOrder) return false;
      bool ascending = true;
      std::optional<int64_t> last;
      rows.forEach([&](QueryRuntime& worker, size_t begin, size_t end) {
         if (begin == end || !ascending) return;
         char** entries = worker.get<ChainedHashTable>(storage)->entries.rows();
         ascending = !last || key.of(entries[begin]) >= *last;
         last = key.of(entries[end - 1]);
      });
      if (!ascending) return false;
      RowBuffer& target = query.get<ChainedHashTable>(storage)->entries;
      size_t total = 0;
      for (QueryRuntime* worker : rows.workers()) total += worker->get<ChainedHashTable>(storage)->entries.size();
      target.rowVector().reserve(target.size() + total);
      auto states = merge.states(module);
      char* previous = nullptr;
      rows.forEach([&](QueryRuntime& worker, size_t begin, size_t end) {
         if (begin == end) return;
         RowBuffer& entries = worker.get<ChainedHashTable>(storage)->entries;
         char* first = entries.rows()[begin];
         if (previous && key.of(first) == key.of(previous)) {
            states(query.state(), previous, first);
            ++begin;
         }
         if (begin == end) return;
         target.appendRowsOf(entries, begin, end);
         previous = entries.rows()[end - 1];
      });
      return true;
   }

   /// void merge_aggregate(state, target, partial): adds the states of a worker's `partial` entry
   /// into `target`; with GROUP BY also void merge_group(state, -, partial): into the entry of its
   /// group in the query's table, or the table takes `partial` itself for a group it lacks.
   void generateMerge() {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      llvm::FunctionType* type = llvm::FunctionType::get(b.getVoidTy(), {cx.ptr(), cx.ptr(), cx.ptr()}, false);
      cx.beginFunction(mergeFunction_, type);
      merge(cx, cx.argument(1), cx.argument(2));
      b.CreateRetVoid();
      cx.finishFunction();
      compiler_.setFunctionWork(mergeFunction_, aggregate_.estimatedRows);
      if (aggregate_.keys.empty()) return;
      cx.beginFunction(mergeGroupFunction_, type);
      llvm::Value* partial = cx.argument(2);
      std::vector<SqlValue> keys;
      for (size_t i = 0; i < aggregate_.keys.size(); ++i) keys.push_back(loadField(cx, partial, layout_.fields[i]));
      llvm::Value* table = storage_.load(cx);
      llvm::Value* hash = b.CreateLoad(cx.i64(), b.CreateConstGEP1_64(cx.i8(), partial, offsetof(HashEntryHeader, hash)));
      llvm::Value* group = cx.entryAlloca(cx.ptr(), "group");
      llvm::Value* found = findEntry(cx, table, layout_, keys, hash, group);
      cx.ifThen(found, [&] { merge(cx, b.CreateLoad(cx.ptr(), group), partial); });
      cx.ifThen(b.CreateNot(found), [&] { cx.callRuntime(runtime::kiln_hashtable_adopt, {table, partial}); });
      b.CreateRetVoid();
      cx.finishFunction();
      compiler_.setFunctionWork(mergeGroupFunction_, aggregate_.estimatedRows);
   }

   /// Adds the states of `partial` into `target`.
   void merge(CodeContext& cx, llvm::Value* target, llvm::Value* partial) {
      auto& b = cx.builder();
      SqlOps ops(cx);
      for (size_t i = 0; i < aggregate_.aggregates.size(); ++i) {
         const AggregateCall& call = aggregate_.aggregates[i];
         const AggregateState& state = states_[i];
         const RowLayout::Field& valueField = layout_.fields[state.value];
         auto addCounts = [&](const RowLayout::Field& field) {
            llvm::Value* a = fieldAddress(cx, target, field);
            b.CreateStore(b.CreateAdd(b.CreateLoad(cx.i64(), a), b.CreateLoad(cx.i64(), fieldAddress(cx, partial, field))), a);
         };
         auto addValues = [&] {
            SqlValue mine = loadField(cx, target, valueField), theirs = loadField(cx, partial, valueField);
            SqlValue sum = addAccumulated(cx, mine, theirs);
            storeField(cx, target, valueField, sum);
         };
         // A field shared by several states is added once, by its owner.
         switch (call.function) {
            case AggregateFunction::CountStar:
            case AggregateFunction::Count:
               if (state.ownsValue) addCounts(valueField);
               break;
            case AggregateFunction::Sum: {
               // Only a grouped SUM of a non-NULL argument has no flag: every group has a value.
               if (state.extra == AggregateState::none) {
                  if (state.ownsValue) addValues();
                  break;
               }
               llvm::Value* seenAddress = fieldAddress(cx, partial, layout_.fields[state.extra]);
               cx.ifThen(b.CreateICmpNE(b.CreateLoad(cx.i8(), seenAddress), cx.int8(0)), [&] {
                  if (state.ownsValue) addValues();
                  b.CreateStore(cx.int8(1), fieldAddress(cx, target, layout_.fields[state.extra]));
               });
               break;
            }
            case AggregateFunction::Avg:
               if (state.ownsValue) addValues();
               if (state.ownsExtra) addCounts(layout_.fields[state.extra]);
               break;
            case AggregateFunction::Min:
            case AggregateFunction::Max: {
               llvm::Value* theirSeen = b.CreateICmpNE(b.CreateLoad(cx.i8(), fieldAddress(cx, partial, layout_.fields[state.extra])), cx.int8(0));
               cx.ifThen(theirSeen, [&] {
                  llvm::Value* mySeenAddress = fieldAddress(cx, target, layout_.fields[state.extra]);
                  SqlValue mine = loadField(cx, target, valueField), theirs = loadField(cx, partial, valueField);
                  llvm::Value* replace = cx.ifThenElse(
                     b.CreateICmpNE(b.CreateLoad(cx.i8(), mySeenAddress), cx.int8(0)),
                     [&] { return ops.compareValues(replacingComparison(call.function, valueField.type), theirs.value, mine.value, valueField.type); },
                     [&]() -> llvm::Value* { return cx.boolean(true); });
                  cx.ifThen(replace, [&] {
                     storeField(cx, target, valueField, theirs);
                     b.CreateStore(cx.int8(1), mySeenAddress);
                  });
               });
               break;
            }
            case AggregateFunction::VarSamp:
            case AggregateFunction::VarPop:
            case AggregateFunction::StddevSamp:
            case AggregateFunction::StddevPop:
               if (call.output->type.id == TypeId::Numeric)
                  combineNumericVariances(cx, state.varianceFields(cx, target, layout_), state.varianceFields(cx, partial, layout_));
               else combineVariances(cx, state.varianceFields(cx, target, layout_), state.varianceFields(cx, partial, layout_));
               break;
            case AggregateFunction::StringAgg:
            case AggregateFunction::PercentileCont:
            case AggregateFunction::PercentileDisc:
            case AggregateFunction::Mode: break;  // not mergeable: updated in place
            case AggregateFunction::SingleValue: {
               const RowLayout::Field& rowsField = layout_.fields[state.extra];
               llvm::Value* theirRows = b.CreateLoad(cx.i64(), fieldAddress(cx, partial, rowsField));
               llvm::Value* myRowsAddress = fieldAddress(cx, target, rowsField);
               llvm::Value* total = b.CreateAdd(b.CreateLoad(cx.i64(), myRowsAddress), theirRows);
               cx.errorIf(b.CreateICmpUGT(total, cx.int64(1)), int32_t(RuntimeError::SubqueryReturnedRows));
               cx.ifThen(b.CreateICmpEQ(theirRows, cx.int64(1)), [&] { storeField(cx, target, valueField, loadField(cx, partial, valueField)); });
               b.CreateStore(total, myRowsAddress);
               break;
            }
         }
      }
   }

   void update(CodeContext& cx, llvm::Value* entry, const AggregateCall& call, const AggregateState& state, const AggregateInput& input) {
      if (AggregateState::isOrderedSet(call)) return appendToList(cx, entry, state, input.argument);
      if (!call.distinct) return state.update(cx, entry, layout_, call, input);
      // Only a value not seen before in this group counts.
      const SqlValue& argument = input.argument;
      state.update(cx, entry, layout_, call, input, [&](const std::function<void()>& accumulate) {
         auto& b = cx.builder();
         SqlOps ops(cx);
         llvm::Value* value;
         int32_t width = 0;
         bool bytes = heldAsBytes(physicalTypeOf(argument.type));
         if (bytes) {
            value = ops.stringAddress(argument.value);
         } else {
            value = cx.entryAlloca(cx.memoryType(argument.type));
            // Equal values by equal bytes.
            llvm::Value* canonical = argument.type.isFloat() ? ops.canonicalFloat(argument.value) : argument.value;
            ops.store({canonical, nullptr, argument.type}, value, nullptr);
            width = int32_t(physicalSize(argument.type));
         }
         llvm::Value* set = fieldAddress(cx, entry, layout_.fields[size_t(state.distinctSet)]);
         DistinctKind kind = !bytes                                                                ? DistinctKind::Bytes
                             : argument.type.id == TypeId::Numeric                                 ? DistinctKind::Numeric
                             : argument.type.isArray() && argument.type.element == TypeId::Numeric ? DistinctKind::NumericArray
                                                                                                   : DistinctKind::String;
         llvm::Value* isNew = cx.callRuntime(runtime::kiln_distinct_insert, {distinctSets_->load(cx), set, value, cx.int32(width), cx.int32(int32_t(kind))});
         cx.ifThen(b.CreateICmpNE(isNew, cx.int8(0)), accumulate);
      });
   }

   /// An ordered-set aggregate's step: a non-NULL value joins the group's list.
   void appendToList(CodeContext& cx, llvm::Value* entry, const AggregateState& state, const SqlValue& argument) {
      auto& b = cx.builder();
      SqlOps ops(cx);
      auto append = [&] {
         bool bytes = heldAsBytes(physicalTypeOf(argument.type));
         llvm::Value* value;
         if (bytes) {
            value = ops.stringAddress(argument.value);
         } else {
            value = cx.entryAlloca(cx.memoryType(argument.type));
            // Equal values by equal bytes.
            llvm::Value* canonical = argument.type.isFloat() ? ops.canonicalFloat(argument.value) : argument.value;
            ops.store({canonical, nullptr, argument.type}, value, nullptr);
         }
         int32_t width = int32_t(physicalSize(physicalTypeOf(argument.type)));
         cx.callRuntime(runtime::kiln_value_list_append,
                        {valueLists_.load(cx), fieldAddress(cx, entry, layout_.fields[state.value]), value, cx.int32(width), cx.int8(bytes)});
      };
      if (argument.isNull) cx.ifThen(b.CreateNot(argument.isNull), append);
      else append();
   }

   void emitOutput(CodeContext& cx, llvm::Value* row) {
      IUValues values;
      for (size_t i = 0; i < aggregate_.keys.size(); ++i) {
         const RowLayout::Field& field = layout_.fields[i];
         values.setLazy(aggregate_.keys[i].output, [&cx, row, field] { return loadField(cx, row, field); }, true);
      }
      for (size_t i = 0; i < aggregate_.aggregates.size(); ++i)
         values.set(aggregate_.aggregates[i].output, states_[i].result(cx, row, layout_, aggregate_.aggregates[i]));
      consumeParent(values);
   }
   const Aggregate& aggregate_;
   RowLayout layout_;
   std::vector<AggregateState> states_;
   QueryState::Field storage_;  // the hash table, or without GROUP BY the one entry's buffer
   QueryState::Field buffer_;   // the entries the output pipeline reads
   QueryState::Field entry_;    // without GROUP BY: the one entry
   std::optional<QueryState::Field> distinctSets_;
   QueryState::Field valueLists_;
   std::optional<QueryState::Field> groupsInOrder_;  // GroupsInKeyOrder, for one integer key
   std::string mergeFunction_, mergeGroupFunction_;  // see addWorkerLocal
};

}  // namespace

std::unique_ptr<Translator> makeAggregateTranslator(QueryCompiler& compiler, const Aggregate& op) {
   return std::make_unique<AggregateTranslator>(compiler, op);
}

}  // namespace kiln
