// Outer, semi and anti joins whose left side is the small one: the left side is hashed (with a
// "matched" mark per entry), the right side probes it and marks what it finds (an outer join
// also emits each matching pair right away), and a last pipeline reads the entries back: the
// marked ones for a semi join, the unmarked ones for an anti join or, with NULLs on the right,
// for an outer join. Left tuples with a NULL key never match; they are kept aside.
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

class BuildLeftJoinTranslator : public Translator {
   public:
   BuildLeftJoinTranslator(QueryCompiler& compiler, const Join& join) : Translator(compiler, &join), join_(join), condition_(splitJoinCondition(join)) {}

   void produce() override {
      // Entry: the left key values, the left IUs needed above or in the residual, the mark.
      std::vector<std::pair<SqlType, bool>> fields;
      for (const Expr* key : condition_.leftKeys) fields.push_back({key->type, false});
      for (const IU* iu : compiler_.required(join_.children[0].get())) {
         payload_.push_back(iu);
         fields.push_back({iu->type, iu->nullable});
      }
      markField_ = fields.size();
      fields.push_back({SqlType::boolean(), false});
      layout_ = RowLayout::make(fields, sizeof(HashEntryHeader));
      QueryState& state = compiler_.state();
      table_ = state.declarePointer("join_hash_table");
      entries_ = state.declarePointer("join_entries");
      nullKeys_ = state.declarePointer("join_null_keys");
      StateField table = table_, entries = entries_, nullKeys = nullKeys_;
      size_t size = layout_.size;
      compiler_.addSetup([table, entries, nullKeys, size](QueryRuntime& rt) {
         auto* hashTable = rt.own(table, std::make_unique<ChainedHashTable>(size));
         rt.pointer(entries) = &hashTable->entries;
         rt.own(nullKeys, std::make_unique<RowBuffer>(size));
      });
      childAt(0).produce();
      compiler_.addStep([table](QueryRuntime& rt, CompiledModule&) { rt.get<ChainedHashTable>(table)->finishBuild(); });
      childAt(1).produce();
      addBufferScan(compiler_, "scan join entries", join_.children[0]->estimatedRows, entries_, [&](llvm::Value* entry) { emitEntry(entry, true); });
      if (join_.joinKind != JoinKind::Semi)
         addBufferScan(compiler_, "scan left tuples without key", join_.children[0]->estimatedRows, nullKeys_,
                       [&](llvm::Value* entry) { emitEntry(entry, false); });
   }

   void consume(IUValues& values, Translator& from) override {
      if (&from == &childAt(0)) return build(values);
      probe(values);
   }

   /// Builds append to a table and a list per worker; probes only ever set marks, which they
   /// read and write atomically, so workers may probe at once.
   bool parallelSafe(const Translator&) const override {
      return std::none_of(condition_.residual.begin(), condition_.residual.end(), [](const Expr* r) { return r->isVolatile(); });
   }

   std::vector<ProbeKeyFilter> probeKeyFilters(const Translator& child) override {
      if (&child != &childAt(1) || condition_.leftKeys.empty() || !join_.probeKeyBitmap) return {};
      return makeKeyFilters(compiler_, condition_.rightKeys, condition_.leftKeys, layout_, table_, keyBitmaps_);
   }

   private:
   void build(IUValues& values) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      ExpressionCompiler expressions(cx, values);
      compiler_.noteStage("hash join build (left)");
      StateField table = table_, nullKeys = nullKeys_;
      size_t size = layout_.size;
      compiler_.addWorkerLocal(table, appendedRows([table, size](QueryRuntime& worker) { worker.own(table, std::make_unique<ChainedHashTable>(size)); },
                                                   [table](QueryRuntime& state) -> RowBuffer& { return state.get<ChainedHashTable>(table)->entries; }));
      compiler_.addWorkerLocal(nullKeys, appendedRows([nullKeys, size](QueryRuntime& worker) { worker.own(nullKeys, std::make_unique<RowBuffer>(size)); },
                                                      [nullKeys](QueryRuntime& state) -> RowBuffer& { return *state.get<RowBuffer>(nullKeys); }));
      std::vector<SqlValue> keys;
      for (const Expr* key : condition_.leftKeys) keys.push_back(expressions.compile(*key));
      std::vector<SqlValue> payload;
      for (const IU* iu : payload_) payload.push_back(values.get(iu));
      llvm::Value* anyNull = cx.boolean(false);
      for (auto& key : keys) anyNull = b.CreateOr(anyNull, ops.isNull(key));
      llvm::Value* entry = cx.ifThenElse(
         anyNull, [&]() -> llvm::Value* { return cx.callRuntime(runtime::kiln_rowbuffer_append, {nullKeys_.load(cx)}); },
         [&]() -> llvm::Value* {
            llvm::Value* hash = hashKeys(cx, keys);
            return cx.callRuntime(runtime::kiln_hashtable_append, {table_.load(cx), hash});
         });
      for (size_t i = 0; i < keys.size(); ++i) storeField(cx, entry, layout_.fields[i], {keys[i].value, nullptr, keys[i].type});
      for (size_t i = 0; i < payload.size(); ++i) storeField(cx, entry, layout_.fields[keys.size() + i], payload[i]);
   }

   void bindLeft(IUValues& values, llvm::Value* entry) {
      CodeContext& cx = compiler_.cx();
      for (size_t i = 0; i < payload_.size(); ++i) {
         const RowLayout::Field& field = layout_.fields[condition_.leftKeys.size() + i];
         values.setLazy(payload_[i], [&cx, entry, field] { return loadField(cx, entry, field); }, true);
      }
   }

   void probe(IUValues& values) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      ExpressionCompiler expressions(cx, values);
      compiler_.noteStage(std::string(joinKindName(join_.joinKind)) + " hash join probe (marks left)");
      // Right values the residual reads are produced before the search (see join_translator.cpp).
      for (const Expr* r : condition_.residual) {
         std::vector<const IU*> used;
         r->collectIUs(used);
         for (const IU* iu : used)
            if (std::find(payload_.begin(), payload_.end(), iu) == payload_.end()) values.get(iu);
      }
      prefetchBucketAhead(cx, values, condition_.rightKeys, table_.load(cx), join_.children[0]->estimatedRows, join_.children[1]->estimatedRows, true);
      std::vector<SqlValue> keys;
      for (const Expr* key : condition_.rightKeys) keys.push_back(expressions.compile(*key));
      llvm::Value* anyNull = cx.boolean(false);
      for (auto& key : keys) anyNull = b.CreateOr(anyNull, ops.isNull(key));
      cx.ifThen(b.CreateNot(anyNull), [&] {
         llvm::Value* hash = hashKeys(cx, keys);
         bool emitsPairs = join_.joinKind == JoinKind::LeftOuter;
         walkHashChain(
            cx, table_.load(cx), hash,
            [&](llvm::Value* entry) {
               llvm::Value* same = cx.boolean(true);
               for (size_t i = 0; i < keys.size(); ++i)
                  same = b.CreateAnd(same, ops.compareValues(CompareOp::Eq, keys[i].value, loadField(cx, entry, layout_.fields[i]).value, keys[i].type));
               // A semi or anti join needs each left entry marked once only.
               if (!emitsPairs) same = b.CreateAnd(same, b.CreateICmpEQ(loadMark(entry), cx.int8(0)));
               if (condition_.residual.empty()) return same;
               return cx.ifThenElse(
                  same,
                  [&] {
                     bindLeft(values, entry);
                     llvm::Value* holds = cx.boolean(true);
                     for (const Expr* r : condition_.residual) holds = b.CreateAnd(holds, ops.isTrue(expressions.compile(*r)));
                     return holds;
                  },
                  [&]() -> llvm::Value* { return cx.boolean(false); });
            },
            [&](llvm::Value* entry) {
               llvm::StoreInst* mark = b.CreateStore(cx.int8(1), markAddress(entry));
               mark->setAtomic(llvm::AtomicOrdering::Monotonic);
               mark->setAlignment(llvm::Align(1));
               if (emitsPairs) {
                  bindLeft(values, entry);
                  consumeParent(values);
               }
            },
            false);
      });
   }

   /// The last pipelines: entries of the hash table (`hashed`) or of the NULL-key buffer.
   void emitEntry(llvm::Value* entry, bool hashed) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      llvm::Value* marked = b.CreateICmpNE(b.CreateLoad(cx.i8(), markAddress(entry)), cx.int8(0));
      llvm::Value* emit = join_.joinKind == JoinKind::Semi ? marked : b.CreateNot(marked);
      if (!hashed) emit = cx.boolean(join_.joinKind != JoinKind::Semi);
      cx.ifThen(emit, [&] {
         IUValues values;
         bindLeft(values, entry);
         if (join_.joinKind == JoinKind::LeftOuter)
            for (const IU* iu : compiler_.required(join_.children[1].get())) values.set(iu, ops.nullOf(iu->type));
         consumeParent(values);
      });
   }

   llvm::Value* markAddress(llvm::Value* entry) { return fieldAddress(compiler_.cx(), entry, layout_.fields[markField_]); }
   /// A probe's read of the mark, which other workers may set meanwhile.
   llvm::Value* loadMark(llvm::Value* entry) {
      CodeContext& cx = compiler_.cx();
      llvm::LoadInst* mark = cx.builder().CreateLoad(cx.i8(), markAddress(entry));
      mark->setAtomic(llvm::AtomicOrdering::Monotonic);
      mark->setAlignment(llvm::Align(1));
      return mark;
   }

   const Join& join_;
   JoinCondition condition_;
   std::vector<const IU*> payload_;
   RowLayout layout_;
   size_t markField_ = 0;
   std::vector<std::optional<QueryState::Field>> keyBitmaps_;  // per key: a bitmap of the built keys, when the probing scan asked
   QueryState::Field table_, entries_, nullKeys_;
};

}  // namespace

std::unique_ptr<Translator> makeBuildLeftJoinTranslator(QueryCompiler& compiler, const Join& op) {
   return std::make_unique<BuildLeftJoinTranslator>(compiler, op);
}

}  // namespace kiln
