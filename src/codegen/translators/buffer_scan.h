// The source of a pipeline that reads back materialized rows (after a sort or an aggregation).
#pragma once

#include "codegen/query_compiler.h"
#include "runtime/row_buffer.h"

namespace kiln {

/// Adds a pipeline over the rows of the RowBuffer `buffer` points to (about `expectedRows` of
/// them); `consumeRow(row)` emits the per-row code. The row-pointer array is handed over in a
/// field of its own when the pipeline starts.
inline void addBufferScan(QueryCompiler& compiler, const std::string& name, double expectedRows, StateField buffer,
                          const std::function<void(llvm::Value* row)>& consumeRow) {
   CodeContext& cx = compiler.cx();
   QueryState::Field rows = compiler.state().declarePointer("buffer_rows");
   compiler.addPipeline(
      name, expectedRows, [buffer](QueryRuntime& rt) { return rt.get<RowBuffer>(buffer)->size(); },
      [&](llvm::Value* begin, llvm::Value* end) {
         auto& b = cx.builder();
         llvm::Value* rowArray = rows.load(cx);
         cx.forRange(begin, end, [&](llvm::Value* i) { consumeRow(b.CreateLoad(cx.ptr(), b.CreateInBoundsGEP(cx.ptr(), rowArray, i))); });
      },
      [buffer, rows = StateField(rows)](QueryRuntime& rt) { rt.pointer(rows) = rt.get<RowBuffer>(buffer)->rows(); }, QueryCompiler::Source::Splittable);
}

}  // namespace kiln
