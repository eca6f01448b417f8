// WithShared: the shared subplan's pipelines append its tuples (the columns some SharedScan
// needs) to a buffer, before the pipelines of the plan that reads it; each SharedScan is a
// pipeline over the buffer's rows.
#include <algorithm>

#include "codegen/runtime_functions.h"
#include "codegen/translators/buffer_scan.h"
#include "codegen/translators/row_access.h"

namespace kiln {

namespace {

class WithSharedTranslator : public Translator {
   public:
   WithSharedTranslator(QueryCompiler& compiler, const WithShared& shared) : Translator(compiler, &shared) {}

   void produce() override {
      const std::vector<const IU*>& stored = compiler_.required(op_->children[0].get());
      std::vector<std::pair<SqlType, bool>> fields;
      for (const IU* iu : stored) fields.push_back({iu->type, iu->nullable});
      buffer_ = {compiler_.state().declarePointer("shared_rows"), RowLayout::make(fields), stored};
      StateField rows = buffer_.rows;
      size_t size = buffer_.layout.size;
      compiler_.addSetup([rows, size](QueryRuntime& rt) { rt.own(rows, std::make_unique<RowBuffer>(size)); });
      compiler_.setSharedBuffer(op_, buffer_);
      child(0).produce();
      child(1).produce();
   }

   /// The plan's rows pass through; the shared subplan's go to a buffer per worker.
   bool parallelSafe(const Translator&) const override { return true; }

   void consume(IUValues& values, Translator& from) override {
      if (&from == &childAt(1)) return consumeParent(values);
      CodeContext& cx = compiler_.cx();
      compiler_.noteStage("shared materialize");
      StateField rows = buffer_.rows;
      size_t size = buffer_.layout.size;
      compiler_.addWorkerLocal(rows, appendedRows([rows, size](QueryRuntime& worker) { worker.own(rows, std::make_unique<RowBuffer>(size)); },
                                                  [rows](QueryRuntime& state) -> RowBuffer& { return *state.get<RowBuffer>(rows); }));
      std::vector<SqlValue> row;
      for (const IU* iu : buffer_.columns) row.push_back(values.get(iu));
      llvm::Value* address = cx.callRuntime(runtime::kiln_rowbuffer_append, {buffer_.rows.load(cx)});
      for (size_t i = 0; i < row.size(); ++i) storeField(cx, address, buffer_.layout.fields[i], row[i]);
   }

   private:
   QueryCompiler::SharedBuffer buffer_;
};

class SharedScanTranslator : public Translator {
   public:
   SharedScanTranslator(QueryCompiler& compiler, const SharedScan& scan) : Translator(compiler, &scan), scan_(scan) {}

   void produce() override {
      CodeContext& cx = compiler_.cx();
      const QueryCompiler::SharedBuffer& buffer = compiler_.sharedBuffer(scan_.source);
      addBufferScan(compiler_, "scan shared s" + std::to_string(scan_.source->id), scan_.estimatedRows, buffer.rows, [&](llvm::Value* row) {
         IUValues values;
         for (size_t c = 0; c < scan_.columns.size(); ++c) {
            auto stored = std::find(buffer.columns.begin(), buffer.columns.end(), scan_.source->columns[c]);
            if (stored == buffer.columns.end()) continue;
            const RowLayout::Field& field = buffer.layout.fields[size_t(stored - buffer.columns.begin())];
            values.setLazy(scan_.columns[c], [&cx, row, field] { return loadField(cx, row, field); }, true);
         }
         consumeParent(values);
      });
   }
   void consume(IUValues&, Translator&) override {}  // a leaf

   private:
   const SharedScan& scan_;
};

}  // namespace

std::unique_ptr<Translator> makeWithSharedTranslator(QueryCompiler& compiler, const WithShared& op) {
   return std::make_unique<WithSharedTranslator>(compiler, op);
}

std::unique_ptr<Translator> makeSharedScanTranslator(QueryCompiler& compiler, const SharedScan& op) {
   return std::make_unique<SharedScanTranslator>(compiler, op);
}

}  // namespace kiln
