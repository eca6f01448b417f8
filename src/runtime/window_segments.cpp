#include "runtime/window_segments.h"

#include <algorithm>
#include <atomic>
#include <vector>

#include "runtime/helpers.h"
#include "runtime/worker_pool.h"

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

void computeWindowRows(RowBuffer& buffer, WindowCompute compute, void* state, size_t threads, const std::function<void*(size_t worker)>& workerState) {
   // Below this many rows the workers are not worth waking.
   constexpr size_t parallelRows = 65536;
   char** rows = buffer.rows();
   size_t n = buffer.size();
   auto header = [&](size_t i) -> WindowRowHeader& { return *reinterpret_cast<WindowRowHeader*>(rows[i]); };
   if (threads <= 1 || n < parallelRows || size_t(header(0).partitionEnd) == n) return compute(state, rows, int64_t(n));
   // Stretches of whole partitions, about a quarter of a worker's share each.
   std::vector<size_t> bounds{0};
   size_t target = std::max<size_t>(n / (threads * 4), 4096);
   for (size_t i = 0; i < n; i = size_t(header(i).partitionEnd))
      if (i - bounds.back() >= target) bounds.push_back(i);
   bounds.push_back(n);
   size_t stretches = bounds.size() - 1;
   size_t workers = std::min(threads, stretches);
   std::vector<void*> states{state};
   for (size_t w = 1; w < workers; ++w) states.push_back(workerState(w));
   std::atomic<size_t> next{0};
   WorkerPool::instance().run(workers, [&](size_t worker) {
      for (size_t s; (s = next.fetch_add(1, std::memory_order_relaxed)) < stretches;) {
         size_t begin = bounds[s], end = bounds[s + 1];
         auto shift = int64_t(begin);
         for (size_t i = begin; i < end && shift; ++i) {
            WindowRowHeader& h = header(i);
            h.partitionStart -= shift;
            h.partitionEnd -= shift;
            h.peerStart -= shift;
            h.peerEnd -= shift;
         }
         compute(states[worker], rows + begin, int64_t(end - begin));
      }
   });
}

}  // namespace kiln
