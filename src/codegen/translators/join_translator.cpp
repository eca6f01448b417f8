// Joins. The right side is materialized first (a pipeline breaker): into a hash table keyed by the
// equality conjuncts when there are any (hash join), otherwise into a list (nested loops). The
// left side's pipeline then looks up its partners inside its own generated code.
#include <algorithm>

#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"
#include "codegen/runtime_functions.h"
#include "codegen/translators/bucket_prefetch.h"
#include "codegen/translators/buffer_scan.h"
#include "codegen/translators/hash_chain.h"
#include "codegen/translators/join_condition.h"
#include "codegen/translators/key_filters.h"
#include "codegen/translators/row_access.h"
#include "runtime/chained_hash_table.h"

namespace kiln {

namespace {

constexpr size_t entryHeaderSize = sizeof(HashEntryHeader);

class JoinTranslator : public Translator {
   public:
   JoinTranslator(QueryCompiler& compiler, const Join& join) : Translator(compiler, &join), join_(join), condition_(splitJoinCondition(join)) {}

   void produce() override {
      // Entry: the key values, then the right side's IUs that are needed above or in the residual.
      std::vector<std::pair<SqlType, bool>> fields;
      for (const Expr* key : condition_.rightKeys) fields.push_back({key->type, false});
      for (const IU* iu : compiler_.required(join_.children[1].get())) {
         payload_.push_back(iu);
         fields.push_back({iu->type, iu->nullable});
      }
      // A full join marks the right tuples that found a partner; the others come at the end.
      markField_ = fields.size();
      if (fullOuter()) fields.push_back({SqlType::boolean(), false});
      layout_ = RowLayout::make(fields, hashed() ? entryHeaderSize : 0);
      QueryState& state = compiler_.state();
      table_ = state.declarePointer(hashed() ? "join_hash_table" : "join_rows");
      StateField table = table_;
      size_t size = layout_.size;
      if (join_.joinKind == JoinKind::NullAwareAnti) {
         // NOT IN needs to know whether the right side is empty and whether it has NULL keys.
         buildRows_ = state.declare("join_build_rows", compiler_.cx().i64());
         buildNullKeys_ = state.declare("join_build_null_keys", compiler_.cx().i64());
         compiler_.addSetup([rows = StateField(buildRows_), nullKeys = StateField(buildNullKeys_)](QueryRuntime& rt) {
            rt.at<int64_t>(rows) = 0;
            rt.at<int64_t>(nullKeys) = 0;
         });
      }
      if (hashed()) compiler_.addSetup([table, size](QueryRuntime& rt) { rt.own(table, std::make_unique<ChainedHashTable>(size)); });
      else compiler_.addSetup([table, size](QueryRuntime& rt) { rt.own(table, std::make_unique<RowBuffer>(size)); });
      if (fullOuter()) {
         unmatched_ = state.declarePointer("join_unmatched");
         StateField unmatched = unmatched_;
         bool isHashed = hashed();
         compiler_.addSetup([unmatched, table, size, isHashed](QueryRuntime& rt) {
            // Right tuples with a NULL key have no partner; they wait here (hashed), or all wait
            // in the list itself (nested loops).
            if (isHashed) rt.own(unmatched, std::make_unique<RowBuffer>(size));
            else rt.pointer(unmatched) = rt.pointer(table);
         });
         if (isHashed) {
            entries_ = state.declarePointer("join_entries");
            StateField entries = entries_;
            compiler_.addSetup([entries, table](QueryRuntime& rt) { rt.pointer(entries) = &rt.get<ChainedHashTable>(table)->entries; });
         }
      }
      childAt(1).produce();
      if (hashed()) compiler_.addStep([table](QueryRuntime& rt, CompiledModule&) { rt.get<ChainedHashTable>(table)->finishBuild(); });
      childAt(0).produce();
      if (fullOuter()) {
         auto emitUnmatched = [&](llvm::Value* entry, bool checkMark) {
            CodeContext& cx = compiler_.cx();
            auto& b = cx.builder();
            SqlOps ops(cx);
            llvm::Value* unmatched = checkMark ? b.CreateICmpEQ(b.CreateLoad(cx.i8(), fieldAddress(cx, entry, layout_.fields[markField_])), cx.int8(0))
                                               : cx.boolean(true);
            cx.ifThen(unmatched, [&] {
               IUValues values;
               for (size_t i = 0; i < payload_.size(); ++i) {
                  const RowLayout::Field& field = layout_.fields[condition_.rightKeys.size() + i];
                  values.setLazy(payload_[i], [&cx, entry, field] { return loadField(cx, entry, field); }, true);
               }
               for (const IU* iu : compiler_.required(join_.children[0].get())) values.set(iu, ops.nullOf(iu->type));
               consumeParent(values);
            });
         };
         if (hashed()) {
            addBufferScan(compiler_, "scan unmatched right tuples", join_.children[1]->estimatedRows, entries_,
                          [&](llvm::Value* entry) { emitUnmatched(entry, true); });
            addBufferScan(compiler_, "scan right tuples without key", join_.children[1]->estimatedRows, unmatched_,
                          [&](llvm::Value* entry) { emitUnmatched(entry, false); });
         } else {
            addBufferScan(compiler_, "scan unmatched right tuples", join_.children[1]->estimatedRows, unmatched_,
                          [&](llvm::Value* entry) { emitUnmatched(entry, true); });
         }
      }
   }

   void consume(IUValues& values, Translator& from) override {
      if (&from == &childAt(1)) return build(values);
      probe(values);
   }

   /// Probes read the table, and a full join's mark partners atomically; builds append to a
   /// table per worker (NOT IN's also count their rows and NULL keys per worker), unless they keep
   /// the NULL keys apart (a full join).
   bool parallelSafe(const Translator& child) const override {
      for (const Expr* r : condition_.residual)
         if (r->isVolatile()) return false;
      if (&child == children_[0].get()) return true;
      return hashed() && !fullOuter();
   }

   std::vector<ProbeKeyFilter> probeKeyFilters(const Translator& child) override {
      if (&child != &childAt(0) || !hashed() || !join_.probeKeyBitmap) return {};
      std::vector<ProbeKeyFilter> filters = makeKeyFilters(compiler_, condition_.leftKeys, condition_.rightKeys, layout_, table_, keyBitmaps_);
      for (ProbeKeyFilter& filter : filters) filter.passingRows = join_.estimatedRows;  // about the rows that find a partner
      return filters;
   }

   private:
   bool hashed() const { return !condition_.leftKeys.empty(); }
   bool fullOuter() const { return join_.joinKind == JoinKind::FullOuter; }

   void build(IUValues& values) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      ExpressionCompiler expressions(cx, values);
      compiler_.noteStage(hashed() ? "hash join build" : "nested loop join build");
      if (join_.joinKind == JoinKind::NullAwareAnti) {
         StateField rows = buildRows_, nullKeys = buildNullKeys_;
         compiler_.addWorkerLocal(rows, {[rows, nullKeys](QueryRuntime& worker) { worker.at<int64_t>(rows) = worker.at<int64_t>(nullKeys) = 0; }, nullptr,
                                         [rows, nullKeys](QueryRuntime& query, CompiledModule&, const SinkRows& parts) {
                                            for (QueryRuntime* worker : parts.workers()) {
                                               query.at<int64_t>(rows) += worker->at<int64_t>(rows);
                                               query.at<int64_t>(nullKeys) += worker->at<int64_t>(nullKeys);
                                            }
                                         },
                                         0, nullptr});
      }
      if (hashed()) {
         StateField table = table_;
         size_t size = layout_.size;
         compiler_.addWorkerLocal(table, appendedRows([table, size](QueryRuntime& worker) { worker.own(table, std::make_unique<ChainedHashTable>(size)); },
                                                      [table](QueryRuntime& state) -> RowBuffer& { return state.get<ChainedHashTable>(table)->entries; }));
      }
      std::vector<SqlValue> keys;
      for (const Expr* key : condition_.rightKeys) keys.push_back(expressions.compile(*key));
      std::vector<SqlValue> payload;
      for (const IU* iu : payload_) payload.push_back(values.get(iu));
      // A NULL key equals nothing: such a tuple can never be a partner.
      llvm::Value* anyNull = cx.boolean(false);
      for (auto& key : keys) anyNull = b.CreateOr(anyNull, ops.isNull(key));
      if (join_.joinKind == JoinKind::NullAwareAnti) {
         auto increment = [&](const QueryState::Field& counter, llvm::Value* by) {
            llvm::Value* address = counter.pointer(cx);
            b.CreateStore(b.CreateAdd(b.CreateLoad(cx.i64(), address), by), address);
         };
         increment(buildRows_, cx.int64(1));
         increment(buildNullKeys_, b.CreateZExt(anyNull, cx.i64()));
      }
      if (fullOuter() && hashed()) {
         cx.ifThen(anyNull, [&] {
            llvm::Value* entry = cx.callRuntime(runtime::kiln_rowbuffer_append, {unmatched_.load(cx)});
            for (size_t i = 0; i < payload.size(); ++i) storeField(cx, entry, layout_.fields[keys.size() + i], payload[i]);
         });
      }
      cx.ifThen(b.CreateNot(anyNull), [&] {
         llvm::Value* entry;
         if (hashed()) {
            llvm::Value* hash = hashKeys(cx, keys);
            entry = cx.callRuntime(runtime::kiln_hashtable_append, {table_.load(cx), hash});
         } else {
            entry = cx.callRuntime(runtime::kiln_rowbuffer_append, {table_.load(cx)});
         }
         for (size_t i = 0; i < keys.size(); ++i) storeField(cx, entry, layout_.fields[i], {keys[i].value, nullptr, keys[i].type});
         for (size_t i = 0; i < payload.size(); ++i) storeField(cx, entry, layout_.fields[keys.size() + i], payload[i]);
      });
   }

   void probe(IUValues& values) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      ExpressionCompiler expressions(cx, values);
      JoinKind kind = join_.joinKind;
      compiler_.noteStage(std::string(joinKindName(kind)) + (hashed() ? " hash join probe" : " nested loop join"));
      if (kind == JoinKind::LeftOuter || kind == JoinKind::FullOuter || kind == JoinKind::Anti || kind == JoinKind::NullAwareAnti) {
         // These emit tuples after the partner search too: the left values they need are
         // produced before it, so that both paths can use them.
         for (const IU* iu : compiler_.required(op_)) {
            bool fromRight = false;
            for (const IU* p : payload_) fromRight |= p == iu;
            if (!fromRight) values.get(iu);
         }
      }
      // The residual is checked inside branches of the partner search: the left values it reads
      // are produced before, so that later code may use them too.
      for (const Expr* r : condition_.residual) {
         std::vector<const IU*> used;
         r->collectIUs(used);
         for (const IU* iu : used)
            if (std::find(payload_.begin(), payload_.end(), iu) == payload_.end()) values.get(iu);
      }
      if (hashed())
         prefetchBucketAhead(cx, values, condition_.leftKeys, table_.load(cx), join_.children[1]->estimatedRows, join_.children[0]->estimatedRows, true);
      std::vector<SqlValue> keys;
      for (const Expr* key : condition_.leftKeys) keys.push_back(expressions.compile(*key));
      llvm::Value* anyNull = cx.boolean(false);
      for (auto& key : keys) anyNull = b.CreateOr(anyNull, ops.isNull(key));

      auto bindPartner = [&](llvm::Value* entry) {
         for (size_t i = 0; i < payload_.size(); ++i) {
            const RowLayout::Field& field = layout_.fields[keys.size() + i];
            values.setLazy(payload_[i], [&cx, entry, field] { return loadField(cx, entry, field); }, true);
         }
      };
      auto residualHolds = [&]() -> llvm::Value* {
         llvm::Value* holds = cx.boolean(true);
         for (const Expr* r : condition_.residual) holds = b.CreateAnd(holds, ops.isTrue(expressions.compile(*r)));
         return holds;
      };
      bool firstOnly = kind == JoinKind::Semi || kind == JoinKind::Anti || kind == JoinKind::NullAwareAnti;
      auto onPartner = [&](llvm::Value* entry) {
         if (fullOuter()) {
            // Workers probing at once may mark one entry together.
            llvm::StoreInst* mark = b.CreateStore(cx.int8(1), fieldAddress(cx, entry, layout_.fields[markField_]));
            mark->setAtomic(llvm::AtomicOrdering::Monotonic);
            mark->setAlignment(llvm::Align(1));
         }
         if (kind == JoinKind::Inner || kind == JoinKind::LeftOuter || kind == JoinKind::FullOuter || kind == JoinKind::Semi) consumeParent(values);
      };

      llvm::Value* matched = cx.entryAlloca(cx.i1(), "has_partner");
      b.CreateStore(cx.boolean(false), matched);
      cx.ifThen(b.CreateNot(anyNull), [&] {
         llvm::Value* table = table_.load(cx);
         if (hashed()) {
            llvm::Value* hash = hashKeys(cx, keys);
            llvm::Value* found = walkHashChain(
               cx, table, hash,
               [&](llvm::Value* entry) {
                  llvm::Value* same = cx.boolean(true);
                  for (size_t i = 0; i < keys.size(); ++i)
                     same = b.CreateAnd(same, ops.compareValues(CompareOp::Eq, keys[i].value, loadField(cx, entry, layout_.fields[i]).value, keys[i].type));
                  if (condition_.residual.empty()) return same;
                  // The residual reads the partner's values: only for pairs whose keys match.
                  return cx.ifThenElse(
                     same,
                     [&] {
                        bindPartner(entry);
                        return residualHolds();
                     },
                     [&]() -> llvm::Value* { return cx.boolean(false); });
               },
               [&](llvm::Value* entry) {
                  bindPartner(entry);
                  onPartner(entry);
               },
               firstOnly);
            b.CreateStore(found, matched);
         } else {
            llvm::Value* rows = cx.callRuntime(runtime::kiln_rowbuffer_rows, {table});
            llvm::Value* count = cx.callRuntime(runtime::kiln_rowbuffer_size, {table});
            cx.forRange(cx.int64(0), count, [&](llvm::Value* i) {
               cx.checkInterruptEvery4096(i);
               llvm::Value* entry = b.CreateLoad(cx.ptr(), b.CreateInBoundsGEP(cx.ptr(), rows, i));
               bindPartner(entry);
               llvm::Value* partner = residualHolds();
               // Semi and anti joins look for one partner only.
               if (firstOnly) partner = b.CreateAnd(partner, b.CreateNot(b.CreateLoad(cx.i1(), matched)));
               cx.ifThen(partner, [&] {
                  b.CreateStore(cx.boolean(true), matched);
                  onPartner(entry);
               });
            });
         }
      });
      if (kind == JoinKind::NullAwareAnti) {
         // x NOT IN (...) holds when nothing matched and the right side has no NULL; for a NULL x,
         // only when the right side is empty.
         llvm::Value* rows = buildRows_.load(cx);
         llvm::Value* nullKeys = buildNullKeys_.load(cx);
         llvm::Value* keep = b.CreateSelect(anyNull, b.CreateICmpEQ(rows, cx.int64(0)),
                                            b.CreateAnd(b.CreateNot(b.CreateLoad(cx.i1(), matched)), b.CreateICmpEQ(nullKeys, cx.int64(0))));
         cx.ifThen(keep, [&] { consumeParent(values); });
      } else if (kind == JoinKind::LeftOuter || kind == JoinKind::FullOuter || kind == JoinKind::Anti) {
         cx.ifThen(b.CreateNot(b.CreateLoad(cx.i1(), matched)), [&] {
            for (const IU* iu : payload_) values.set(iu, ops.nullOf(iu->type));
            consumeParent(values);
         });
      }
   }

   const Join& join_;
   JoinCondition condition_;
   std::vector<const IU*> payload_;
   RowLayout layout_;
   QueryState::Field table_;
   QueryState::Field buildRows_, buildNullKeys_;  // NOT IN: the right side's rows, and those with a NULL key
   size_t markField_ = 0;
   QueryState::Field unmatched_;  // full join: right tuples with a NULL key (hashed) or the whole list
   QueryState::Field entries_;    // full join, hashed: the hash table's entries, read back at the end
   std::vector<std::optional<QueryState::Field>> keyBitmaps_;  // per key: a bitmap of the build side's, when the probing scan asked
};

}  // namespace

std::unique_ptr<Translator> makeJoinTranslator(QueryCompiler& compiler, const Join& op) { return std::make_unique<JoinTranslator>(compiler, op); }

}  // namespace kiln
