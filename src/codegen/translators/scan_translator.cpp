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
      struct ColumnSlots {
         const IU* iu;
         size_t column;
         size_t dataSlot;
         int nullSlot;
      };
      std::vector<ColumnSlots> columns;
      for (const IU* iu : required()) {
         for (size_t c = 0; c < scan_.columns.size(); ++c) {
            if (scan_.columns[c] != iu) continue;
            bool nullable = !table->column(c).notNull();
            columns.push_back({iu, c, compiler_.allocateSlot(), nullable ? int(compiler_.allocateSlot()) : -1});
         }
      }
      // Column arrays move as tables grow: their addresses are read when the query starts.
      compiler_.addSetup([table, columns](QueryRuntime& rt) {
         for (auto& c : columns) {
            rt.slot(c.dataSlot) = table->column(c.column).data();
            if (c.nullSlot >= 0) rt.slot(size_t(c.nullSlot)) = table->column(c.column).nulls();
         }
      });
      compiler_.addPipeline(
         "scan " + table->name(), [table](QueryRuntime&) { return table->rowCount(); },
         [&](llvm::Value* begin, llvm::Value* end) {
            std::vector<llvm::Value*> data, nulls;
            for (auto& c : columns) {
               data.push_back(cx.loadSlot(c.dataSlot));
               nulls.push_back(c.nullSlot >= 0 ? cx.loadSlot(size_t(c.nullSlot)) : nullptr);
            }
            cx.forRange(begin, end, [&](llvm::Value* row) {
               IUValues values;
               SqlOps ops(cx);
               for (size_t i = 0; i < columns.size(); ++i) {
                  const IU* iu = columns[i].iu;
                  llvm::Value* base = data[i];
                  llvm::Value* nullBase = nulls[i];
                  values.setLazy(iu, [&cx, &b, iu, base, nullBase, row] {
                     SqlOps ops(cx);
                     llvm::Value* address = b.CreateInBoundsGEP(cx.memoryType(iu->type), base, row);
                     llvm::Value* nullAddress = nullBase ? b.CreateInBoundsGEP(cx.i8(), nullBase, row) : nullptr;
                     return ops.load(address, nullAddress, iu->type, nullBase != nullptr);
                  });
               }
               consumeParent(values);
            });
         });
   }

   void consume(IUValues&, Translator&) override {}

   private:
   const TableScan& scan_;
};

}  // namespace

std::unique_ptr<Translator> makeScanTranslator(QueryCompiler& compiler, const TableScan& op) { return std::make_unique<ScanTranslator>(compiler, op); }

}  // namespace kiln
