// Table scan: the source of a pipeline; a loop over a row range of the table's column arrays.
#include "codegen/query_compiler.h"
#include "codegen/sql_ops.h"
#include "storage/table.h"

namespace kiln {

namespace {

class ScanTranslator : public Translator {
   public:
   ScanTranslator(QueryCompiler& compiler, const TableScan& scan) : Translator(compiler, &scan), scan_(scan) {}

   void produce() override {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      Table* table = scan_.table;
      std::vector<ColumnSlots>& columns = columns_;
      for (const IU* iu : required()) {
         for (size_t c = 0; c < scan_.columns.size(); ++c) {
            if (scan_.columns[c] != iu) continue;
            bool nullable = !table->column(c).notNull();
            columns.push_back({iu, c, compiler_.allocateSlot(), nullable ? int(compiler_.allocateSlot()) : -1});
         }
      }
      // Deleted rows are skipped; a table without deletions needs no check.
      int deletedSlot = table->deleted() ? int(compiler_.allocateSlot()) : -1;
      // Column arrays move as tables grow: their addresses are read when the query starts.
      compiler_.addSetup([table, columns, deletedSlot](QueryRuntime& rt) {
         for (auto& c : columns) {
            rt.slot(c.dataSlot) = table->column(c.column).data();
            if (c.nullSlot >= 0) rt.slot(size_t(c.nullSlot)) = table->column(c.column).nulls();
         }
         if (deletedSlot >= 0) rt.slot(size_t(deletedSlot)) = table->deleted();
      });
      compiler_.addPipeline(
         "scan " + table->name(), double(table->rowCount()), [table](QueryRuntime&) { return table->rowCount(); },
         [&](llvm::Value* begin, llvm::Value* end) {
            data_.clear();
            nulls_.clear();
            for (auto& c : columns) {
               data_.push_back(cx.loadSlot(c.dataSlot));
               nulls_.push_back(c.nullSlot >= 0 ? cx.loadSlot(size_t(c.nullSlot)) : nullptr);
            }
            llvm::Value* deleted = deletedSlot >= 0 ? cx.loadSlot(size_t(deletedSlot)) : nullptr;
            cx.forRange(begin, end, [&](llvm::Value* row) {
               if (deleted) {
                  llvm::Value* isDeleted = b.CreateLoad(cx.i8(), b.CreateInBoundsGEP(cx.i8(), deleted, row));
                  cx.ifThen(b.CreateICmpEQ(isDeleted, cx.int8(0)), [&] { emitRow(row); });
               } else {
                  emitRow(row);
               }
            });
         });
   }

   void consume(IUValues&, Translator&) override {}

   private:
   struct ColumnSlots {
      const IU* iu;
      size_t column;
      size_t dataSlot;
      int nullSlot;
   };

   void emitRow(llvm::Value* row) {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      IUValues values;
      for (size_t i = 0; i < columns_.size(); ++i) {
         const IU* iu = columns_[i].iu;
         llvm::Value* base = data_[i];
         llvm::Value* nullBase = nulls_[i];
         values.setLazy(iu, [&cx, &b, iu, base, nullBase, row] {
            SqlOps ops(cx);
            llvm::Value* address = b.CreateInBoundsGEP(cx.memoryType(iu->type), base, row);
            llvm::Value* nullAddress = nullBase ? b.CreateInBoundsGEP(cx.i8(), nullBase, row) : nullptr;
            return ops.load(address, nullAddress, iu->type, nullBase != nullptr);
         });
      }
      if (scan_.rowId) values.set(scan_.rowId, {row, nullptr, SqlType::bigInt()});
      consumeParent(values);
   }

   const TableScan& scan_;
   std::vector<ColumnSlots> columns_;
   std::vector<llvm::Value*> data_, nulls_;
};

}  // namespace

std::unique_ptr<Translator> makeScanTranslator(QueryCompiler& compiler, const TableScan& op) { return std::make_unique<ScanTranslator>(compiler, op); }

}  // namespace kiln
