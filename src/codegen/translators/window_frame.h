// The frame of a window function at its current row: where its bounds lie among the sorted
// rows (ROWS, GROUPS, RANGE with and without offsets), and which rows EXCLUDE takes out of it.
#pragma once

#include <utility>
#include <vector>

#include "algebra/operator.h"
#include "codegen/code_context.h"
#include "common/row_layout.h"

namespace kiln {

/// The current row and where its partition and peers lie (positions in the sorted rows).
struct WindowPosition {
   llvm::Value* rows = nullptr;
   llvm::Value* index = nullptr;
   llvm::Value* row = nullptr;
   llvm::Value *partitionStart = nullptr, *partitionEnd = nullptr, *peerStart = nullptr, *peerEnd = nullptr, *peerGroup = nullptr;

   /// The row at `index` of `rows`, its positions read from its header.
   static WindowPosition at(CodeContext& cx, llvm::Value* rows, llvm::Value* index);
   llvm::Value* rowAt(CodeContext& cx, llvm::Value* i) const;
   /// A field of the i-th row's header (an offsetof in WindowRowHeader).
   llvm::Value* headerAt(CodeContext& cx, llvm::Value* i, size_t offset) const;
};

/// The ORDER BY key that a RANGE frame's offsets measure.
using RangeKey = std::pair<RowLayout::Field, SortKey>;

/// The rows of a frame, in order: runs [start, end), up to three when EXCLUDE cuts rows out of
/// the middle. A run may be empty (end <= start).
struct FrameRuns {
   std::vector<std::pair<llvm::Value*, llvm::Value*>> runs;

   llvm::Value* size(CodeContext& cx) const;
   /// The position of the frame's k-th row (from 0; k < size()).
   llvm::Value* position(CodeContext& cx, llvm::Value* k) const;
};

/// [start, end) of the current row's frame within its partition, before any exclusion (end <=
/// start: empty). `key` is needed for RANGE offsets.
std::pair<llvm::Value*, llvm::Value*> generateFrameBounds(CodeContext& cx, const WindowFrame& frame, const WindowPosition& p, const RangeKey* key);

/// The frame's rows: its bounds less what its EXCLUDE clause takes out.
FrameRuns generateFrameRuns(CodeContext& cx, const WindowFrame& frame, const WindowPosition& p, const RangeKey* key);

}  // namespace kiln
