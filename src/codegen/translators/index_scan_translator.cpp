// Index lookups: the rows found through an index, the one row of a unique key (hash lookup), the
// rows of an IN list of unique keys, or the rows of a key prefix and range (IndexProbe). Keys and bounds are computed in the generated
// code and passed to the runtime. Without a child the lookup is the source of a pipeline; with
// one it is an index nested-loop join inside the child's pipeline, one lookup per child row.
#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"
#include "codegen/runtime_functions.h"
#include "codegen/translators/row_access.h"
#include "runtime/index_probe.h"
#include "storage/table.h"

namespace kiln {

namespace {

class IndexScanTranslator : public Translator {
   public:
   IndexScanTranslator(QueryCompiler& compiler, const IndexScan& scan) : Translator(compiler, &scan), scan_(scan) {}

   void produce() override {
      Table* table = scan_.table;
      QueryState& state = compiler_.state();
      for (const IU* iu : required())
         for (size_t c = 0; c < scan_.columns.size(); ++c)
            if (scan_.columns[c] == iu)
               columns_.push_back(
                  {iu, c, state.declarePointer("column"), table->column(c).notNull() ? std::nullopt : std::optional(state.declarePointer("column_nulls"))});
      table_ = state.declarePointer("index_table");
      index_ = state.declarePointer("index");
      bool point = scan_.isPointLookup();  // the index itself goes to the generated code
      const UniqueIndex* unique = scan_.index;
      const SecondaryIndex* secondary = scan_.secondary;
      // A probe lives as long as the compiled query (a statement's compiled code runs once at a time).
      std::shared_ptr<IndexProbe> probe = point ? nullptr : std::make_shared<IndexProbe>(*table, unique, secondary, probeShape());
      compiler_.addSetup([table, unique, point, probe, columns = columns_, tableField = StateField(table_), indexField = StateField(index_)](QueryRuntime& rt) {
         for (auto& c : columns) {
            rt.pointer(c.data) = table->column(c.column).data();
            if (c.nulls) rt.pointer(*c.nulls) = table->column(c.column).nulls();
         }
         rt.pointer(tableField) = table;
         rt.pointer(indexField) = point ? static_cast<void*>(const_cast<UniqueIndex*>(unique)) : probe.get();
      });
      if (!scan_.children.empty()) return child().produce();
      compiler_.addPipeline(
         "index lookup " + table->name(), scan_.estimatedRows, [](QueryRuntime&) { return 1; },
         [&](llvm::Value*, llvm::Value*) {
            IUValues none;
            lookup(none);
         });
   }

   /// An index join of whole unique keys given by the child's columns, constants or parameters
   /// (an expression might fail on a row that is not handed on yet).
   bool prefetches(const Translator&) const override {
      if (!scan_.isPointLookup() || !scan_.alternatives.empty()) return false;
      for (auto& key : scan_.keys) {
         std::vector<const IU*> read;
         key->collectIUs(read);
         if (key->kind != ExprKind::ColumnRef && !read.empty()) return false;
         if (key->isVolatile()) return false;
      }
      return true;
   }

   /// Far ahead, starts loading the hash slot the row's lookup will read; near, looks the row up
   /// (its slot loaded by then) and starts loading its columns (when the key's values are given).
   void prefetchFor(IUValues& values, const Translator&, bool near) override {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      for (auto& key : scan_.keys) {
         std::vector<const IU*> read;
         key->collectIUs(read);
         for (const IU* iu : read)
            if (!values.has(iu)) return;
      }
      auto [row, anyNull] = uniqueKeyRow(values);
      cx.ifThen(b.CreateNot(anyNull), [&, row = row] {
         if (!near) {
            cx.callRuntime(runtime::kiln_index_prefetch, {table_.load(cx), index_.load(cx), row});
            return;
         }
         llvm::Value* found = cx.callRuntime(runtime::kiln_index_lookup, {table_.load(cx), index_.load(cx), row});
         cx.ifThen(b.CreateICmpSGE(found, cx.int64(0)), [&] { prefetchColumns(found); });
      });
   }

   /// An index join: one lookup per row of the child.
   void consume(IUValues& values, Translator&) override {
      compiler_.noteStage("index join " + scan_.table->name());
      // The outer row's values the parent reads are produced here, before the lookup branches and
      // loops: produced first inside one of them (a Map's value through a copy of `values` caches
      // its inputs in `values`), a value would not dominate its other uses.
      for (const IU* iu : required())
         if (values.has(iu)) values.get(iu);
      lookup(values);
   }

   private:
   struct ColumnFields {
      const IU* iu;
      size_t column;
      QueryState::Field data;
      std::optional<QueryState::Field> nulls;
   };

   IndexProbe::Shape probeShape() const {
      auto bound = [](const ExprPtr& value, bool inclusive) { return !value ? KeyBound::None : inclusive ? KeyBound::Inclusive : KeyBound::Exclusive; };
      return {scan_.keys.size(), bound(scan_.low, scan_.lowInclusive), bound(scan_.high, scan_.highInclusive), scan_.nextNotNull, scan_.descending,
              scan_.limit};
   }

   /// Writes the values of `keys` into a row with `layout`; returns it and whether any is NULL
   /// (a NULL key or bound matches nothing).
   std::pair<llvm::Value*, llvm::Value*> keyRow(const std::vector<const Expr*>& keys, const RowLayout& layout, IUValues& outer) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      llvm::AllocaInst* row = cx.entryAlloca(llvm::ArrayType::get(cx.i8(), layout.size), "key");
      row->setAlignment(llvm::Align(16));
      ExpressionCompiler expressions(cx, outer);
      llvm::Value* anyNull = cx.boolean(false);
      for (size_t i = 0; i < keys.size(); ++i) {
         SqlValue key = expressions.compile(*keys[i]);
         anyNull = b.CreateOr(anyNull, ops.isNull(key));
         storeField(cx, row, layout.fields[i], {key.value, nullptr, key.type});
      }
      return {row, anyNull};
   }

   void lookup(IUValues& outer) {
      if (!scan_.alternatives.empty()) return listLookup(outer);
      scan_.isPointLookup() ? uniqueLookup(outer) : probeLookup(outer);
   }

   /// One point lookup per value of an IN list: the key rows of the values that are not NULL go
   /// into an array, and the runtime hands back the rows found, each once.
   void listLookup(IUValues& outer) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      std::vector<std::pair<SqlType, bool>> fields;
      for (size_t c : scan_.index->columns()) fields.push_back({scan_.table->column(c).type(), false});
      RowLayout layout = RowLayout::make(fields);
      size_t count = scan_.alternatives.size();
      llvm::AllocaInst* rows = cx.entryAlloca(llvm::ArrayType::get(cx.i8(), layout.size * count), "keys");
      rows->setAlignment(llvm::Align(16));
      llvm::Value* found = cx.entryAlloca(llvm::ArrayType::get(cx.i64(), count), "found");
      ExpressionCompiler expressions(cx, outer);
      // The other key columns' values, the same in every key row.
      std::vector<SqlValue> keys;
      llvm::Value* anyKeyNull = cx.boolean(false);
      for (auto& key : scan_.keys) {
         keys.push_back(expressions.compile(*key));
         anyKeyNull = b.CreateOr(anyKeyNull, ops.isNull(keys.back()));
      }
      llvm::Value* filled = cx.entryAlloca(cx.i64(), "filled");
      b.CreateStore(cx.int64(0), filled);
      for (auto& alternative : scan_.alternatives) {
         SqlValue value = expressions.compile(*alternative);
         llvm::Value* n = b.CreateLoad(cx.i64(), filled);
         llvm::Value* row = b.CreateInBoundsGEP(cx.i8(), rows, b.CreateMul(n, cx.int64(int64_t(layout.size))));
         for (size_t i = 0, k = 0; i < layout.fields.size(); ++i) {
            const SqlValue& field = i == scan_.alternativesAt ? value : keys[k++];
            storeField(cx, row, layout.fields[i], {field.value, nullptr, field.type});
         }
         // A row with a NULL stays unused: the next value overwrites it.
         b.CreateStore(b.CreateAdd(n, b.CreateZExt(b.CreateNot(ops.isNull(value)), cx.i64())), filled);
      }
      llvm::Value* filledRows = b.CreateSelect(anyKeyNull, cx.int64(0), b.CreateLoad(cx.i64(), filled));
      llvm::Value* matches = cx.callRuntime(runtime::kiln_index_lookup_list,
                                            {table_.load(cx), index_.load(cx), rows, filledRows, cx.int64(int64_t(layout.size)), found});
      emitRows(found, matches, outer);
   }

   /// Hands on the `count` rows whose numbers are at `rows`. They lie anywhere in the table: the
   /// values the parent reads are loaded some rows ahead, and a parent that prefetches gets each
   /// row further ahead still, so that the cache misses of successive rows overlap.
   void emitRows(llvm::Value* rows, llvm::Value* count, const IUValues& outer) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      constexpr int64_t columnsAhead = 8, parentAhead = 16, parentNearAhead = 8;
      bool parent = parentPrefetches();
      auto rowAt = [&](llvm::Value* i) { return b.CreateLoad(cx.i64(), b.CreateInBoundsGEP(cx.i64(), rows, i)); };
      auto prefetchParentAt = [&](llvm::Value* i, bool near) {
         IUValues values = rowValues(rowAt(i), outer);
         prefetchParent(values, near);
      };
      auto atMost = [&](int64_t n) { return b.CreateSelect(b.CreateICmpULT(count, cx.int64(n)), count, cx.int64(n)); };
      cx.forRange(cx.int64(0), atMost(columnsAhead), [&](llvm::Value* i) { prefetchColumns(rowAt(i)); });
      if (parent) {
         cx.forRange(cx.int64(0), atMost(parentAhead), [&](llvm::Value* i) { prefetchParentAt(i, false); });
         cx.forRange(cx.int64(0), atMost(parentNearAhead), [&](llvm::Value* i) { prefetchParentAt(i, true); });
      }
      cx.forRange(cx.int64(0), count, [&](llvm::Value* i) {
         llvm::Value* columnsRow = b.CreateAdd(i, cx.int64(columnsAhead));
         cx.ifThen(b.CreateICmpULT(columnsRow, count), [&] { prefetchColumns(rowAt(columnsRow)); });
         if (parent) {
            llvm::Value* parentRow = b.CreateAdd(i, cx.int64(parentAhead));
            cx.ifThen(b.CreateICmpULT(parentRow, count), [&] { prefetchParentAt(parentRow, false); });
            llvm::Value* nearRow = b.CreateAdd(i, cx.int64(parentNearAhead));
            cx.ifThen(b.CreateICmpULT(nearRow, count), [&] { prefetchParentAt(nearRow, true); });
         }
         emitRow(rowAt(i), outer);
      });
   }

   /// Starts loading the values of `row` that the parent reads.
   void prefetchColumns(llvm::Value* row) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      for (auto& c : columns_) {
         llvm::Value* address = b.CreateInBoundsGEP(cx.memoryType(c.iu->type), c.data.load(cx), row);
         b.CreateIntrinsic(llvm::Intrinsic::prefetch, {cx.ptr()}, {address, b.getInt32(0), b.getInt32(3), b.getInt32(1)});
      }
   }

   /// The key row of a whole unique key, and whether a value of it is NULL.
   std::pair<llvm::Value*, llvm::Value*> uniqueKeyRow(IUValues& outer) {
      std::vector<const Expr*> keys;
      for (auto& k : scan_.keys) keys.push_back(k.get());
      std::vector<std::pair<SqlType, bool>> fields;
      for (size_t c : scan_.index->columns()) fields.push_back({scan_.table->column(c).type(), false});
      return keyRow(keys, RowLayout::make(fields), outer);
   }

   void uniqueLookup(IUValues& outer) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      auto [row, anyNull] = uniqueKeyRow(outer);
      if (!scan_.keepUnmatched) {
         cx.ifThen(b.CreateNot(anyNull), [&, row = row] {
            llvm::Value* found = cx.callRuntime(runtime::kiln_index_lookup, {table_.load(cx), index_.load(cx), row});
            cx.ifThen(b.CreateICmpSGE(found, cx.int64(0)), [&] { emitRow(found, outer); });
         });
         return;
      }
      llvm::Value* found = cx.entryAlloca(cx.i64(), "found");
      b.CreateStore(cx.int64(-1), found);
      cx.ifThen(b.CreateNot(anyNull),
                [&, row = row] { b.CreateStore(cx.callRuntime(runtime::kiln_index_lookup, {table_.load(cx), index_.load(cx), row}), found); });
      llvm::Value* foundRow = b.CreateLoad(cx.i64(), found);
      llvm::Value* matched = b.CreateICmpSGE(foundRow, cx.int64(0));
      cx.ifThen(matched, [&] { emitRow(foundRow, outer); });
      cx.ifThen(b.CreateNot(matched), [&] { emitUnmatched(outer); });
   }

   void probeLookup(IUValues& outer) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      std::vector<const Expr*> values;
      for (auto& k : scan_.keys) values.push_back(k.get());
      if (scan_.low) values.push_back(scan_.low.get());
      if (scan_.high) values.push_back(scan_.high.get());
      auto [row, anyNull] = keyRow(values, IndexProbe::keyLayout(*scan_.table, scan_.indexColumns(), probeShape()), outer);
      llvm::Value* count = cx.entryAlloca(cx.i64(), "found");
      b.CreateStore(cx.int64(0), count);
      cx.ifThen(b.CreateNot(anyNull), [&, row = row] {
         llvm::Value* rows = cx.callRuntime(runtime::kiln_index_probe, {index_.load(cx), row, count});
         emitRows(rows, b.CreateLoad(cx.i64(), count), outer);
      });
      if (scan_.keepUnmatched) cx.ifThen(b.CreateICmpEQ(b.CreateLoad(cx.i64(), count), cx.int64(0)), [&] { emitUnmatched(outer); });
   }

   /// Hands on an outer row without a match (a left outer index join), with NULLs for the table's values.
   void emitUnmatched(const IUValues& outer) {
      SqlOps ops(compiler_.cx());
      IUValues values = outer;
      for (auto& c : columns_) values.set(c.iu, ops.nullOf(c.iu->type));
      if (scan_.rowId) values.set(scan_.rowId, ops.nullOf(SqlType::bigInt()));
      consumeParent(values);
   }

   /// Hands on the outer row's values (an index join) and the found row's.
   void emitRow(llvm::Value* row, const IUValues& outer) {
      IUValues values = rowValues(row, outer);
      consumeParent(values);
   }

   /// The outer row's values (an index join) and those of `row`, loaded when first read.
   IUValues rowValues(llvm::Value* row, const IUValues& outer) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      IUValues values = outer;
      for (auto& c : columns_) {
         const IU* iu = c.iu;
         llvm::Value* base = c.data.load(cx);
         llvm::Value* nullBase = c.nulls ? c.nulls->load(cx) : nullptr;
         values.setLazy(
            iu,
            [&cx, &b, iu, base, nullBase, row] {
               llvm::Value* address = b.CreateInBoundsGEP(cx.memoryType(iu->type), base, row);
               llvm::Value* nullAddress = nullBase ? b.CreateInBoundsGEP(cx.i8(), nullBase, row) : nullptr;
               return SqlOps(cx).load(address, nullAddress, iu->type, nullBase != nullptr);
            },
            true);
      }
      if (scan_.rowId) values.set(scan_.rowId, {row, nullptr, SqlType::bigInt()});
      return values;
   }

   const IndexScan& scan_;
   std::vector<ColumnFields> columns_;
   QueryState::Field table_, index_;
};

}  // namespace

std::unique_ptr<Translator> makeIndexScanTranslator(QueryCompiler& compiler, const IndexScan& op) {
   return std::make_unique<IndexScanTranslator>(compiler, op);
}

}  // namespace kiln
