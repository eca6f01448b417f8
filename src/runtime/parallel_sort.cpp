#include "runtime/parallel_sort.h"

#include <algorithm>
#include <vector>

#include "runtime/worker_pool.h"

namespace kiln {

namespace {

using Compare = int32_t (*)(const char*, const char*);
using Rows = RowBuffer::RowPointers;

/// Below this many rows a sort stays on one thread: handing out the work costs more.
constexpr size_t parallelRows = 65536;

/// How many of the first `k` rows of the stable merge of a and b come from a: the merge-path
/// split point, taking a's row first on ties.
size_t rowsFromFirst(char* const* a, size_t na, char* const* b, size_t nb, size_t k, Compare compare) {
   size_t low = k > nb ? k - nb : 0, high = std::min(k, na);
   while (low < high) {
      size_t i = (low + high) / 2, j = k - i;
      // Too few from a while a[i] still goes before b[j - 1].
      if (j > 0 && i < na && compare(b[j - 1], a[i]) >= 0) low = i + 1;
      else high = i;
   }
   return low;
}

}  // namespace

void stableSortRows(Rows& rows, Compare compare, size_t threads) {
   auto less = [compare](const char* a, const char* b) { return compare(a, b) < 0; };
   size_t n = rows.size();
   if (threads <= 1 || n < parallelRows) return std::stable_sort(rows.begin(), rows.end(), less);

   size_t runs = std::min(threads, n / (parallelRows / 2));
   std::vector<size_t> bounds(runs + 1);
   for (size_t r = 0; r <= runs; ++r) bounds[r] = n * r / runs;
   runItems(runs, threads, [&](size_t r) { std::stable_sort(rows.begin() + long(bounds[r]), rows.begin() + long(bounds[r + 1]), less); });

   Rows scratch(n);
   char** from = rows.data();
   char** to = scratch.data();
   while (bounds.size() > 2) {
      size_t pairs = (bounds.size() - 1) / 2;
      size_t pieces = std::max<size_t>(1, threads * 2 / std::max<size_t>(pairs, 1));
      runItems(pairs * pieces + (bounds.size() - 1) % 2, threads, [&](size_t item) {
         size_t pair = item / pieces, piece = item % pieces;
         size_t begin = bounds[2 * pair];
         if (pair == pairs) return (void)std::copy(from + begin, from + bounds.back(), to + begin);  // an odd run out
         size_t middle = bounds[2 * pair + 1], end = bounds[2 * pair + 2];
         char **a = from + begin, **b = from + middle;
         size_t na = middle - begin, nb = end - middle, total = na + nb;
         size_t k0 = total * piece / pieces, k1 = total * (piece + 1) / pieces;
         size_t i0 = rowsFromFirst(a, na, b, nb, k0, compare), i1 = rowsFromFirst(a, na, b, nb, k1, compare);
         std::merge(a + i0, a + i1, b + (k0 - i0), b + (k1 - i1), to + begin + k0, less);
      });
      std::vector<size_t> merged;
      for (size_t r = 0; r < bounds.size(); r += 2) merged.push_back(bounds[r]);
      if (merged.back() != n) merged.push_back(n);
      bounds = std::move(merged);
      std::swap(from, to);
   }
   if (from != rows.data()) std::copy(from, from + n, rows.data());
}

void stableTopRows(Rows& rows, Compare compare, size_t keep, size_t threads) {
   size_t n = rows.size();
   if (keep >= n) return stableSortRows(rows, compare, threads);
   if (keep == 0) return rows.clear();
   struct Ranked {
      char* row;
      size_t position;
   };
   // A total order: the sort's, then the input's.
   auto before = [compare](const Ranked& a, const Ranked& b) {
      int32_t c = compare(a.row, b.row);
      return c != 0 ? c < 0 : a.position < b.position;
   };
   size_t runs = threads <= 1 || n < parallelRows ? 1 : std::min(threads, n / (parallelRows / 2));
   using Picks = std::vector<Ranked, BlockAllocator<Ranked>>;
   std::vector<Picks> picks(runs);
   runItems(runs, threads, [&](size_t r) {
      // A heap of the first rows so far, the last of them on top: most rows come after it.
      Picks& heap = picks[r];
      for (size_t i = n * r / runs, end = n * (r + 1) / runs; i < end; ++i) {
         Ranked row{rows[i], i};
         if (heap.size() < keep) {
            heap.push_back(row);
            std::push_heap(heap.begin(), heap.end(), before);
         } else if (before(row, heap.front())) {
            std::pop_heap(heap.begin(), heap.end(), before);
            heap.back() = row;
            std::push_heap(heap.begin(), heap.end(), before);
         }
      }
   });
   Picks first;
   for (auto& pick : picks) first.insert(first.end(), pick.begin(), pick.end());
   std::sort(first.begin(), first.end(), before);
   first.resize(std::min(first.size(), keep));
   for (size_t i = 0; i < first.size(); ++i) rows[i] = first[i].row;
   rows.resize(first.size());
}

}  // namespace kiln
