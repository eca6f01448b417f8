// Index lookups: the source of a pipeline that produces the rows found through an index, the
// one row of a unique key, or the rows of a CREATE INDEX index's key or range. Keys and bounds
// (constants or parameters) are computed in the generated code and passed to the runtime.
#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"
#include "codegen/translators/row_access.h"
#include "storage/table.h"

namespace kiln {

namespace {

class IndexScanTranslator : public Translator {
   public:
   IndexScanTranslator(QueryCompiler& compiler, const IndexScan& scan) : Translator(compiler, &scan), scan_(scan) {}

   void produce() override {
      Table* table = scan_.table;
      for (const IU* iu : required())
         for (size_t c = 0; c < scan_.columns.size(); ++c)
            if (scan_.columns[c] == iu)
               columns_.push_back({iu, c, compiler_.allocateSlot(), table->column(c).notNull() ? -1 : int(compiler_.allocateSlot())});
      tableSlot_ = compiler_.allocateSlot();
      indexSlot_ = compiler_.allocateSlot();
      rowsSlot_ = compiler_.allocateSlot();
      void* index = scan_.index ? static_cast<void*>(const_cast<UniqueIndex*>(scan_.index)) : const_cast<SecondaryIndex*>(scan_.secondary);
      compiler_.addSetup([table, index, columns = columns_, tableSlot = tableSlot_, indexSlot = indexSlot_, rowsSlot = rowsSlot_](QueryRuntime& rt) {
         for (auto& c : columns) {
            rt.slot(c.dataSlot) = table->column(c.column).data();
            if (c.nullSlot >= 0) rt.slot(size_t(c.nullSlot)) = table->column(c.column).nulls();
         }
         rt.slot(tableSlot) = table;
         rt.slot(indexSlot) = index;
         rt.own(rowsSlot, std::make_unique<std::vector<int64_t>>());
      });
      compiler_.addPipeline(
         "index lookup " + table->name(), [](QueryRuntime&) { return 1; }, [&](llvm::Value*, llvm::Value*) { scan_.index ? uniqueLookup() : secondaryLookup(); });
   }

   void consume(IUValues&, Translator&) override {}

   private:
   struct ColumnSlots {
      const IU* iu;
      size_t column;
      size_t dataSlot;
      int nullSlot;
   };

   /// Writes the values of `keys` into a row laid out for the key columns; returns it and
   /// whether any is NULL (a NULL key matches nothing).
   std::pair<llvm::Value*, llvm::Value*> keyRow(const std::vector<const Expr*>& keys, const std::vector<size_t>& keyColumns) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      SqlOps ops(cx);
      std::vector<std::pair<SqlType, bool>> fields;
      for (size_t i = 0; i < keys.size(); ++i) fields.push_back({scan_.table->column(keyColumns[i]).type(), false});
      RowLayout layout = RowLayout::make(fields);
      llvm::AllocaInst* row = cx.entryAlloca(llvm::ArrayType::get(cx.i8(), layout.size), "key");
      row->setAlignment(llvm::Align(16));
      IUValues none;
      ExpressionCompiler expressions(cx, none);
      llvm::Value* anyNull = cx.boolean(false);
      for (size_t i = 0; i < keys.size(); ++i) {
         SqlValue key = expressions.compile(*keys[i]);
         anyNull = b.CreateOr(anyNull, ops.isNull(key));
         storeField(cx, row, layout.fields[i], {key.value, nullptr, key.type});
      }
      return {row, anyNull};
   }

   void uniqueLookup() {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      std::vector<const Expr*> keys;
      for (auto& k : scan_.keys) keys.push_back(k.get());
      auto [row, anyNull] = keyRow(keys, scan_.index->columns());
      cx.ifThen(b.CreateNot(anyNull), [&, row = row] {
         llvm::Value* found = cx.callRuntime("kiln_index_lookup", {cx.loadSlot(tableSlot_), cx.loadSlot(indexSlot_), row});
         cx.ifThen(b.CreateICmpSGE(found, cx.int64(0)), [&] { emitRow(found); });
      });
   }

   void secondaryLookup() {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      const std::vector<size_t>& indexColumns = scan_.secondary->columns();
      llvm::Value* low = llvm::ConstantPointerNull::get(cx.ptr());
      llvm::Value* high = low;
      llvm::Value* anyNull = cx.boolean(false);
      int32_t range = 0;
      if (!scan_.keys.empty()) {
         std::vector<const Expr*> keys;
         for (auto& k : scan_.keys) keys.push_back(k.get());
         auto [row, isNull] = keyRow(keys, indexColumns);
         low = row;
         anyNull = isNull;
      } else {
         if (scan_.low) {
            auto [row, isNull] = keyRow({scan_.low.get()}, indexColumns);
            low = row;
            anyNull = b.CreateOr(anyNull, isNull);
            range |= 1 | (scan_.lowInclusive ? 2 : 0);
         }
         if (scan_.high) {
            auto [row, isNull] = keyRow({scan_.high.get()}, indexColumns);
            high = row;
            anyNull = b.CreateOr(anyNull, isNull);
            range |= 4 | (scan_.highInclusive ? 8 : 0);
         }
      }
      cx.ifThen(b.CreateNot(anyNull), [&] {
         llvm::Value* count = cx.entryAlloca(cx.i64(), "found");
         llvm::Value* rows = cx.callRuntime("kiln_secondary_lookup", {cx.loadSlot(tableSlot_), cx.loadSlot(indexSlot_), low, high, cx.int32(range),
                                                                      cx.loadSlot(rowsSlot_), count});
         cx.forRange(cx.int64(0), b.CreateLoad(cx.i64(), count), [&](llvm::Value* i) {
            emitRow(b.CreateLoad(cx.i64(), b.CreateInBoundsGEP(cx.i64(), rows, i)));
         });
      });
   }

   void emitRow(llvm::Value* row) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      IUValues values;
      for (auto& c : columns_) {
         const IU* iu = c.iu;
         llvm::Value* base = cx.loadSlot(c.dataSlot);
         llvm::Value* nullBase = c.nullSlot >= 0 ? cx.loadSlot(size_t(c.nullSlot)) : nullptr;
         values.setLazy(iu, [&cx, &b, iu, base, nullBase, row] {
            llvm::Value* address = b.CreateInBoundsGEP(cx.memoryType(iu->type), base, row);
            llvm::Value* nullAddress = nullBase ? b.CreateInBoundsGEP(cx.i8(), nullBase, row) : nullptr;
            return SqlOps(cx).load(address, nullAddress, iu->type, nullBase != nullptr);
         });
      }
      if (scan_.rowId) values.set(scan_.rowId, {row, nullptr, SqlType::bigInt()});
      consumeParent(values);
   }

   const IndexScan& scan_;
   std::vector<ColumnSlots> columns_;
   size_t tableSlot_ = 0, indexSlot_ = 0, rowsSlot_ = 0;
};

}  // namespace

std::unique_ptr<Translator> makeIndexScanTranslator(QueryCompiler& compiler, const IndexScan& op) {
   return std::make_unique<IndexScanTranslator>(compiler, op);
}

}  // namespace kiln
