#include "runtime/window_segments.h"

#include "runtime/helpers.h"

namespace kiln {

namespace {

/// Calls `segment(begin, end)` for each run of rows that `same` says are equal; it writes the
/// headers, so the rows stay in cache between the passes over a run.
template <typename Segment>
void forEachRun(char** rows, int64_t begin, int64_t end, RowCompare same, Segment&& segment) {
   int64_t start = begin;
   for (int64_t i = begin + 1; i <= end; ++i)
      if (i == end || (same && same(rows[start], rows[i]) != 0)) {
         segment(start, i);
         start = i;
      }
}

}  // namespace

void sortWindowRows(RowBuffer& buffer, RowCompare order, RowCompare samePartition, RowCompare samePeers) {
   if (order) kiln_sort(&buffer, order, UINT64_MAX);
   char** rows = buffer.rows();
   auto n = int64_t(buffer.size());
   if (n == 0) return;
   forEachRun(rows, 0, n, samePartition, [&](int64_t partitionStart, int64_t partitionEnd) {
      int64_t group = 0;
      forEachRun(rows, partitionStart, partitionEnd, samePeers, [&](int64_t peerStart, int64_t peerEnd) {
         for (int64_t i = peerStart; i < peerEnd; ++i) *reinterpret_cast<WindowRowHeader*>(rows[i]) = {partitionStart, partitionEnd, peerStart, peerEnd, group};
         ++group;
      });
   });
}

}  // namespace kiln
