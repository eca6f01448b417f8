// Cross product: the right side is materialized (a pipeline breaker); each left tuple then
// meets every right row in a loop inside the left side's pipeline.
#include "codegen/query_compiler.h"
#include "codegen/translators/row_access.h"
#include "runtime/row_buffer.h"

namespace kiln {

namespace {

class CrossProductTranslator : public Translator {
   public:
   CrossProductTranslator(QueryCompiler& compiler, const CrossProduct& product) : Translator(compiler, &product) {}

   void produce() override {
      const auto& rightIUs = compiler_.required(op_->children[1].get());
      std::vector<std::pair<SqlType, bool>> fields;
      for (const IU* iu : rightIUs) fields.push_back({iu->type, iu->nullable});
      layout_ = RowLayout::make(fields);
      bufferSlot_ = compiler_.allocateSlot();
      size_t slot = bufferSlot_, size = layout_.size;
      compiler_.addSetup([slot, size](QueryRuntime& rt) { rt.own(slot, std::make_unique<RowBuffer>(size)); });
      childAt(1).produce();
      childAt(0).produce();
   }

   void consume(IUValues& values, Translator& from) override {
      CodeContext& cx = compiler_.cx();
      auto& b = cx.builder();
      const auto& rightIUs = compiler_.required(op_->children[1].get());
      llvm::Value* buffer = cx.loadSlot(bufferSlot_);
      if (&from == &childAt(1)) {
         compiler_.noteStage("cross product materialize");
         std::vector<SqlValue> row;
         for (const IU* iu : rightIUs) row.push_back(values.get(iu));
         llvm::Value* address = cx.callRuntime("kiln_rowbuffer_append", {buffer});
         for (size_t i = 0; i < row.size(); ++i) storeField(cx, address, layout_.fields[i], row[i]);
         return;
      }
      compiler_.noteStage("cross product");
      llvm::Value* rows = cx.callRuntime("kiln_rowbuffer_rows", {buffer});
      llvm::Value* count = cx.callRuntime("kiln_rowbuffer_size", {buffer});
      cx.forRange(cx.int64(0), count, [&](llvm::Value* i) {
         llvm::Value* row = b.CreateLoad(cx.ptr(), b.CreateInBoundsGEP(cx.ptr(), rows, i));
         for (size_t f = 0; f < rightIUs.size(); ++f) {
            const RowLayout::Field& field = layout_.fields[f];
            values.setLazy(rightIUs[f], [&cx, row, field] { return loadField(cx, row, field); });
         }
         consumeParent(values);
      });
   }

   private:
   RowLayout layout_;
   size_t bufferSlot_ = 0;
};

}  // namespace

std::unique_ptr<Translator> makeCrossProductTranslator(QueryCompiler& compiler, const CrossProduct& op) {
   return std::make_unique<CrossProductTranslator>(compiler, op);
}

}  // namespace kiln
