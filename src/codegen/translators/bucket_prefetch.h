// Prefetching the hash table buckets that rows ahead of the current one will probe, so that the
// cache misses of probes into a table bigger than the caches overlap instead of coming one
// after the other.
#pragma once

#include <optional>
#include <vector>

#include "codegen/translators/hash_chain.h"

namespace kiln {

/// Rows this far ahead of the current one get their directory word prefetched, rows half as far
/// ahead the first entry of their chain (whose directory word is in the cache by then), and rows
/// a quarter as far the second: far enough for a cache miss to complete while the rows in
/// between are processed, also when runs of rows share a key and only the first of a run probes
/// (bench/notes.md).
constexpr int64_t prefetchDistance = 32;

/// Tables expected to hold fewer entries get no prefetching code: it costs compile time and saves
/// nothing there. Estimates may be several times off, so the table's size decides at run time:
constexpr double prefetchedEntries = 50'000;

/// From this many buckets (a 512 KiB directory, and entries several times that) a table outgrows
/// a core's L2 cache, and prefetching its buckets pays (bench/notes.md).
constexpr int64_t prefetchedBuckets = 65'536;

/// Whether `table` (now) has a directory too big for the caches to keep, with its entries.
inline llvm::Value* outgrowsCaches(CodeContext& cx, llvm::Value* table) {
   auto& b = cx.builder();
   llvm::Value* mask = b.CreateLoad(cx.i64(), b.CreateConstGEP1_64(cx.i8(), table, ChainedHashTable::maskOffset));
   return b.CreateICmpUGE(mask, cx.int64(prefetchedBuckets - 1));
}

/// How far along the chain of the bucket that some keys probe a prefetch reaches.
enum class ChainDepth { Directory, FirstEntry, SecondEntry };

/// Prefetches the directory word that `keys` probe in `table`, the first entry of its chain
/// (when that word is already in the cache), or the second (when the first is). A prefetch of
/// an empty chain's null pointer is harmless: it never faults.
inline void prefetchBucket(CodeContext& cx, llvm::Value* table, const std::vector<SqlValue>& keys, ChainDepth depth) {
   auto& b = cx.builder();
   llvm::Value* directory = b.CreateLoad(cx.ptr(), b.CreateConstGEP1_64(cx.i8(), table, ChainedHashTable::directoryOffset));
   llvm::Value* mask = b.CreateLoad(cx.i64(), b.CreateConstGEP1_64(cx.i8(), table, ChainedHashTable::maskOffset));
   llvm::Value* target = b.CreateInBoundsGEP(cx.i64(), directory, b.CreateAnd(hashKeys(cx, keys), mask));
   if (depth != ChainDepth::Directory)
      target = b.CreateIntToPtr(b.CreateAnd(b.CreateLoad(cx.i64(), target), cx.int64(int64_t(ChainedHashTable::pointerBits))), cx.ptr());
   if (depth == ChainDepth::SecondEntry) {
      // The next pointer of the first entry; of the table itself (a readable word) when the chain is empty.
      llvm::Value* first = b.CreateSelect(b.CreateIsNull(target), table, target);
      target = b.CreateLoad(cx.ptr(), b.CreateConstGEP1_64(cx.i8(), first, offsetof(HashEntryHeader, next)));
   }
   b.CreateIntrinsic(llvm::Intrinsic::prefetch, {cx.ptr()}, {target, b.getInt32(0), b.getInt32(3), b.getInt32(1)});
}

/// When the pipeline's tuples are a table's rows and `keys` are columns of it: prefetches the
/// directory word of `table` that the row prefetchDistance ahead will probe, and with
/// `chainsToo` the chain's first entry for the row half as far ahead. Probes of a table larger
/// than the caches then overlap their misses instead of waiting on each; for a table expected to
/// stay smaller (`expectedEntries`), the prefetches would only cost.
/// The entry's prefetch loads the directory word, which is in the cache only if the row half
/// as far back got here too: not so behind a selective filter (`probingRows` of the source's
/// rows get here).
inline void prefetchBucketAhead(CodeContext& cx, const IUValues& values, const std::vector<const Expr*>& keys, llvm::Value* table, double expectedEntries,
                                double probingRows, bool chainsToo) {
   const RowLookahead* lookahead = values.lookahead();
   if (!lookahead || keys.empty() || !(expectedEntries >= prefetchedEntries)) return;
   for (const Expr* key : keys)
      // Only plain columns: an expression may fail on a row that a filter would have dropped.
      if (key->kind != ExprKind::ColumnRef) return;
   chainsToo = chainsToo && probingRows >= 0.5 * lookahead->rows;
   // The keys of the row `distance` ahead (or of the current one, near the end).
   auto keysAhead = [&](int64_t distance) -> std::optional<std::vector<SqlValue>> {
      llvm::Value* ahead = lookahead->rowAhead(distance);
      std::vector<SqlValue> aheadKeys;
      for (const Expr* key : keys) {
         std::optional<SqlValue> value = lookahead->load(key->iu, ahead);
         if (!value) return std::nullopt;
         aheadKeys.push_back(*value);
      }
      return aheadKeys;
   };
   cx.ifThen(outgrowsCaches(cx, table), [&] {
      std::optional<std::vector<SqlValue>> far = keysAhead(prefetchDistance);
      if (!far) return;
      prefetchBucket(cx, table, *far, ChainDepth::Directory);
      if (!chainsToo) return;
      prefetchBucket(cx, table, *keysAhead(prefetchDistance / 2), ChainDepth::FirstEntry);
      // Chains of two entries are common (up to one entry per bucket): a second entry missed the cache.
      prefetchBucket(cx, table, *keysAhead(prefetchDistance / 4), ChainDepth::SecondEntry);
   });
}

}  // namespace kiln
