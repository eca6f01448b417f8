// The source of a pipeline that reads back materialized rows (after a sort or an aggregation).
#pragma once

#include "codegen/query_compiler.h"
#include "runtime/row_buffer.h"

namespace kiln {

/// Adds a pipeline over the rows of the RowBuffer in `bufferSlot` (about `expectedRows` of them);
/// `consumeRow(row)` emits the per-row code. The row-pointer array is handed over in a slot when
/// the pipeline starts.
inline void addBufferScan(QueryCompiler& compiler, const std::string& name, double expectedRows, size_t bufferSlot,
                          const std::function<void(llvm::Value* row)>& consumeRow) {
   CodeContext& cx = compiler.cx();
   size_t rowsSlot = compiler.allocateSlot();
   compiler.addPipeline(
      name, expectedRows, [bufferSlot](QueryRuntime& rt) { return rt.get<RowBuffer>(bufferSlot)->size(); },
      [&](llvm::Value* begin, llvm::Value* end) {
         auto& b = cx.builder();
         llvm::Value* rows = cx.loadSlot(rowsSlot);
         cx.forRange(begin, end, [&](llvm::Value* i) { consumeRow(b.CreateLoad(cx.ptr(), b.CreateInBoundsGEP(cx.ptr(), rows, i))); });
      },
      [bufferSlot, rowsSlot](QueryRuntime& rt) { rt.slot(rowsSlot) = rt.get<RowBuffer>(bufferSlot)->rows(); });
}

}  // namespace kiln
