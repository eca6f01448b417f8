// A bound of a RANGE frame with an offset: the first row of the partition whose ORDER BY value
// lies within (start) or beyond (end) the offset from the current row's, PostgreSQL's in_range,
// found by binary search over the sorted values.
#pragma once

#include "codegen/translators/window_frame.h"

namespace kiln {

/// The frame's start (`isStart`) or exclusive end for `bound` (Preceding or Following) at
/// `distance` from the current row's key. A NULL key's frame is its peers, the NULLs; other rows'
/// frames never reach the NULLs.
llvm::Value* generateRangeOffsetBound(CodeContext& cx, const WindowPosition& p, const RangeKey& key, FrameBound bound, const Value& distance, bool isStart);

}  // namespace kiln
