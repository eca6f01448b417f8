// Index lookup: the source of a pipeline that produces at most one tuple, the row whose unique
// key equals the given constants or parameters.
#include "codegen/expression_compiler.h"
#include "codegen/query_compiler.h"
#include "codegen/translators/row_access.h"
#include "storage/table.h"
#include "storage/unique_index.h"

namespace kiln {

namespace {

class IndexScanTranslator : public Translator {
   public:
   IndexScanTranslator(QueryCompiler& compiler, const IndexScan& scan) : Translator(compiler, &scan), scan_(scan) {}

   void produce() override {
      CodeContext& cx = compiler_.cx();
      Table* table = scan_.table;
      struct ColumnSlots {
         const IU* iu;
         size_t column;
         size_t dataSlot;
         int nullSlot;
      };
      std::vector<ColumnSlots> columns;
      for (const IU* iu : required())
         for (size_t c = 0; c < scan_.columns.size(); ++c)
            if (scan_.columns[c] == iu)
               columns.push_back({iu, c, compiler_.allocateSlot(), table->column(c).notNull() ? -1 : int(compiler_.allocateSlot())});
      size_t tableSlot = compiler_.allocateSlot(), indexSlot = compiler_.allocateSlot();
      const UniqueIndex* index = scan_.index;
      compiler_.addSetup([table, index, columns, tableSlot, indexSlot](QueryRuntime& rt) {
         for (auto& c : columns) {
            rt.slot(c.dataSlot) = table->column(c.column).data();
            if (c.nullSlot >= 0) rt.slot(size_t(c.nullSlot)) = table->column(c.column).nulls();
         }
         rt.slot(tableSlot) = table;
         rt.slot(indexSlot) = const_cast<UniqueIndex*>(index);
      });
      std::vector<std::pair<SqlType, bool>> keyFields;
      for (size_t c : index->columns()) keyFields.push_back({table->column(c).type(), false});
      RowLayout keyLayout = RowLayout::make(keyFields);
      compiler_.addPipeline(
         "index lookup " + table->name(), [](QueryRuntime&) { return 1; },
         [&](llvm::Value*, llvm::Value*) {
            auto& b = cx.builder();
            SqlOps ops(cx);
            IUValues keyValues;
            ExpressionCompiler expressions(cx, keyValues);
            // The key row; a NULL key matches nothing.
            llvm::AllocaInst* keyRow = cx.entryAlloca(llvm::ArrayType::get(cx.i8(), keyLayout.size), "key");
            keyRow->setAlignment(llvm::Align(16));
            llvm::Value* anyNull = cx.boolean(false);
            for (size_t i = 0; i < scan_.keys.size(); ++i) {
               SqlValue key = expressions.compile(*scan_.keys[i]);
               anyNull = b.CreateOr(anyNull, ops.isNull(key));
               storeField(cx, keyRow, keyLayout.fields[i], {key.value, nullptr, key.type});
            }
            cx.ifThen(b.CreateNot(anyNull), [&] {
               llvm::Value* row = cx.callRuntime("kiln_index_lookup", {cx.loadSlot(tableSlot), cx.loadSlot(indexSlot), keyRow});
               cx.ifThen(b.CreateICmpSGE(row, cx.int64(0)), [&] {
                  IUValues values;
                  for (auto& c : columns) {
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
               });
            });
         });
   }

   void consume(IUValues&, Translator&) override {}

   private:
   const IndexScan& scan_;
};

}  // namespace

std::unique_ptr<Translator> makeIndexScanTranslator(QueryCompiler& compiler, const IndexScan& op) {
   return std::make_unique<IndexScanTranslator>(compiler, op);
}

}  // namespace kiln
