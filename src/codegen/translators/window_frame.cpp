#include "codegen/translators/window_frame.h"

#include <algorithm>
#include <cstddef>

#include "codegen/translators/range_offset_bound.h"
#include "runtime/window_segments.h"

namespace kiln {

WindowPosition WindowPosition::at(CodeContext& cx, llvm::Value* rows, llvm::Value* index) {
   WindowPosition p;
   p.rows = rows;
   p.index = index;
   p.row = p.rowAt(cx, index);
   auto header = [&](size_t offset) { return cx.builder().CreateLoad(cx.i64(), cx.builder().CreateConstGEP1_64(cx.i8(), p.row, offset)); };
   p.partitionStart = header(offsetof(WindowRowHeader, partitionStart));
   p.partitionEnd = header(offsetof(WindowRowHeader, partitionEnd));
   p.peerStart = header(offsetof(WindowRowHeader, peerStart));
   p.peerEnd = header(offsetof(WindowRowHeader, peerEnd));
   p.peerGroup = header(offsetof(WindowRowHeader, peerGroup));
   return p;
}

llvm::Value* WindowPosition::rowAt(CodeContext& cx, llvm::Value* i) const {
   auto& b = cx.builder();
   return b.CreateLoad(cx.ptr(), b.CreateInBoundsGEP(cx.ptr(), rows, i));
}

llvm::Value* WindowPosition::headerAt(CodeContext& cx, llvm::Value* i, size_t offset) const {
   auto& b = cx.builder();
   return b.CreateLoad(cx.i64(), b.CreateConstGEP1_64(cx.i8(), rowAt(cx, i), offset));
}

namespace {

llvm::Value* runLength(CodeContext& cx, const std::pair<llvm::Value*, llvm::Value*>& run) {
   auto& b = cx.builder();
   llvm::Value* length = b.CreateSub(run.second, run.first);
   return b.CreateSelect(b.CreateICmpSGT(length, cx.int64(0)), length, cx.int64(0));
}

}  // namespace

llvm::Value* FrameRuns::size(CodeContext& cx) const {
   llvm::Value* total = cx.int64(0);
   for (auto& run : runs) total = cx.builder().CreateAdd(total, runLength(cx, run));
   return total;
}

llvm::Value* FrameRuns::position(CodeContext& cx, llvm::Value* k) const {
   auto& b = cx.builder();
   // Past the runs before the last, the row is in the last; an earlier run that holds it wins.
   std::vector<llvm::Value*> before{cx.int64(0)};  // rows in the runs before run i
   for (size_t i = 0; i + 1 < runs.size(); ++i) before.push_back(b.CreateAdd(before.back(), runLength(cx, runs[i])));
   llvm::Value* at = b.CreateAdd(runs.back().first, b.CreateSub(k, before.back()));
   for (size_t i = runs.size() - 1; i-- > 0;) at = b.CreateSelect(b.CreateICmpSLT(k, before[i + 1]), b.CreateAdd(runs[i].first, b.CreateSub(k, before[i])), at);
   return at;
}

namespace {

/// ROWS and RANGE without offsets: the ends are rows counted from the current one, or its peers'
/// ends. RANGE offsets search the ORDER BY key's values.
std::pair<llvm::Value*, llvm::Value*> rowsFrameOf(CodeContext& cx, const WindowFrame& frame, const WindowPosition& p, const RangeKey* key) {
   auto& b = cx.builder();
   auto clamp = [&](llvm::Value* v) {
      v = b.CreateSelect(b.CreateICmpSLT(v, p.partitionStart), p.partitionStart, v);
      return b.CreateSelect(b.CreateICmpSGT(v, p.partitionEnd), p.partitionEnd, v);
   };
   // Offsets beyond any partition's size change nothing, and must not overflow.
   auto offset = [&](int64_t n) { return cx.int64(std::min<int64_t>(n, int64_t(1) << 40)); };
   bool rows = frame.mode == FrameMode::Rows;
   auto bound = [&](FrameBound kind, int64_t n, const Value& distance, bool isStart) -> llvm::Value* {
      llvm::Value* from = isStart ? p.index : b.CreateAdd(p.index, cx.int64(1));
      switch (kind) {
         case FrameBound::UnboundedPreceding: return p.partitionStart;
         case FrameBound::CurrentRow: return rows ? from : isStart ? p.peerStart : p.peerEnd;
         case FrameBound::UnboundedFollowing: return p.partitionEnd;
         case FrameBound::Preceding:
         case FrameBound::Following:
            if (!rows) return generateRangeOffsetBound(cx, p, *key, kind, distance, isStart);
            return clamp(kind == FrameBound::Preceding ? b.CreateSub(from, offset(n)) : b.CreateAdd(from, offset(n)));
      }
      return nullptr;
   };
   return {bound(frame.start, frame.startOffset, frame.startDistance, true), bound(frame.end, frame.endOffset, frame.endDistance, false)};
}

/// GROUPS: the frame's ends are peer-group boundaries, found by walking from the current
/// row's group over the neighbouring groups' headers (at most `offset` of them).
std::pair<llvm::Value*, llvm::Value*> groupsFrameOf(CodeContext& cx, const WindowFrame& frame, const WindowPosition& p) {
   auto& b = cx.builder();
   llvm::Value* lastGroup = p.headerAt(cx, b.CreateSub(p.partitionEnd, cx.int64(1)), offsetof(WindowRowHeader, peerGroup));
   auto smaller = [&](int64_t steps, llvm::Value* available) {
      llvm::Value* n = cx.int64(steps);
      return b.CreateSelect(b.CreateICmpSLT(n, available), n, available);
   };
   // From the start of a group to the start of the group `steps` before it (or the partition's start).
   auto back = [&](int64_t steps) {
      llvm::Value* at = cx.entryAlloca(cx.i64(), "group_start");
      b.CreateStore(p.peerStart, at);
      cx.forRange(cx.int64(0), smaller(steps, p.peerGroup), [&](llvm::Value*) {
         b.CreateStore(p.headerAt(cx, b.CreateSub(b.CreateLoad(cx.i64(), at), cx.int64(1)), offsetof(WindowRowHeader, peerStart)), at);
      });
      return b.CreateLoad(cx.i64(), at);
   };
   // From a group boundary to the boundary `steps` groups later (or the partition's end).
   auto forward = [&](llvm::Value* from, int64_t steps, llvm::Value* available) {
      llvm::Value* at = cx.entryAlloca(cx.i64(), "group_end");
      b.CreateStore(from, at);
      cx.forRange(cx.int64(0), smaller(steps, available),
                  [&](llvm::Value*) { b.CreateStore(p.headerAt(cx, b.CreateLoad(cx.i64(), at), offsetof(WindowRowHeader, peerEnd)), at); });
      return b.CreateLoad(cx.i64(), at);
   };
   llvm::Value* groupsAfter = b.CreateSub(lastGroup, p.peerGroup);
   llvm::Value* start = nullptr;
   switch (frame.start) {
      case FrameBound::UnboundedPreceding: start = p.partitionStart; break;
      case FrameBound::Preceding: start = back(frame.startOffset); break;
      case FrameBound::CurrentRow: start = p.peerStart; break;
      case FrameBound::Following: start = forward(p.peerStart, frame.startOffset, b.CreateAdd(groupsAfter, cx.int64(1))); break;
      case FrameBound::UnboundedFollowing: start = p.partitionEnd; break;
   }
   llvm::Value* end = nullptr;
   switch (frame.end) {
      case FrameBound::UnboundedPreceding: end = p.partitionStart; break;
      // The end of the group n before is the start of the group n - 1 before.
      case FrameBound::Preceding: end = frame.endOffset == 0 ? p.peerEnd : back(frame.endOffset - 1); break;
      case FrameBound::CurrentRow: end = p.peerEnd; break;
      case FrameBound::Following: end = forward(p.peerEnd, frame.endOffset, groupsAfter); break;
      case FrameBound::UnboundedFollowing: end = p.partitionEnd; break;
   }
   return {start, end};
}

}  // namespace

std::pair<llvm::Value*, llvm::Value*> generateFrameBounds(CodeContext& cx, const WindowFrame& frame, const WindowPosition& p, const RangeKey* key) {
   return frame.mode == FrameMode::Groups ? groupsFrameOf(cx, frame, p) : rowsFrameOf(cx, frame, p, key);
}

FrameRuns generateFrameRuns(CodeContext& cx, const WindowFrame& frame, const WindowPosition& p, const RangeKey* key) {
   auto [start, end] = generateFrameBounds(cx, frame, p, key);
   if (frame.exclusion == FrameExclusion::NoOthers) return {{{start, end}}};
   auto& b = cx.builder();
   auto min = [&](llvm::Value* x, llvm::Value* y) { return b.CreateSelect(b.CreateICmpSLT(x, y), x, y); };
   auto max = [&](llvm::Value* x, llvm::Value* y) { return b.CreateSelect(b.CreateICmpSGT(x, y), x, y); };
   llvm::Value* next = b.CreateAdd(p.index, cx.int64(1));
   bool onlyCurrent = frame.exclusion == FrameExclusion::CurrentRow;
   llvm::Value* cutStart = onlyCurrent ? p.index : p.peerStart;
   llvm::Value* cutEnd = onlyCurrent ? next : p.peerEnd;
   FrameRuns frameRuns;
   frameRuns.runs.push_back({start, min(end, cutStart)});
   // TIES keeps the current row, between its peers.
   if (frame.exclusion == FrameExclusion::Ties) frameRuns.runs.push_back({max(start, p.index), min(end, next)});
   frameRuns.runs.push_back({max(start, cutEnd), end});
   return frameRuns;
}

}  // namespace kiln
