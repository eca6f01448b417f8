#include "codegen/translators/parallel_group_merge.h"

#include <bit>

#include "runtime/chained_hash_table.h"
#include "runtime/worker_pool.h"

namespace kiln {

namespace {

/// Below this many groups in all, one thread merges them: waking the workers costs more.
constexpr size_t parallelMergeGroups = 65536;
/// How many groups ahead a merge prefetches the bucket of.
constexpr size_t prefetchDistance = 16;

/// The workers' groups of one morsel: entries [begin, end) of a worker's table, the first of
/// them the `first`-th group in morsel order.
struct MorselGroups {
   char* const* entries;
   size_t begin, end, first;
};

}  // namespace

bool mergeGroupsInParallel(QueryRuntime& query, const SinkRows& rows, StateField storage, size_t entrySize, void (*mergeGroup)(void*, void*, void*)) {
   size_t threads = StatementThreads::current();
   ChainedHashTable& target = *query.get<ChainedHashTable>(storage);
   if (threads < 2 || target.entries.size() != 0) return false;
   std::vector<MorselGroups> morsels;
   size_t total = 0;
   rows.forEach([&](QueryRuntime& worker, size_t begin, size_t end) {
      if (begin == end) return;
      morsels.push_back({worker.get<ChainedHashTable>(storage)->entries.rows(), begin, end, total});
      total += end - begin;
   });
   if (total < parallelMergeGroups) return false;

   // A bucket per group at most (the groups are fewer where workers share some); a partition per
   // thread (a power of two), since each partition's task reads the hash of every group.
   size_t buckets = std::bit_ceil(total);
   size_t partitions = std::min(std::bit_ceil(threads), buckets / 1024);
   size_t sliceBuckets = buckets / partitions;
   int sliceBits = std::countr_zero(sliceBuckets);
   target.makeDirectory(buckets);
   std::vector<QueryRuntime*> states(partitions);
   for (size_t p = 0; p < partitions; ++p) {
      states[p] = &query.addWorker();
      auto table = std::make_unique<ChainedHashTable>(entrySize);
      table->useDirectorySlice(target, p * sliceBuckets, sliceBuckets);
      states[p]->own(storage, std::move(table));
   }
   // Where each group that starts a group of the query's table stands in morsel order.
   RowBuffer::RowPointers firsts(total, nullptr);
   uint64_t bucketMask = buckets - 1;
   runItems(partitions, threads, [&](size_t p) {
      QueryRuntime& state = *states[p];
      ChainedHashTable& table = *state.get<ChainedHashTable>(storage);
      for (const MorselGroups& morsel : morsels)
         for (size_t i = morsel.begin; i < morsel.end; ++i) {
            // The bucket of a group a few ahead: the directory is far larger than the caches.
            if (i + prefetchDistance < morsel.end) {
               uint64_t ahead = reinterpret_cast<HashEntryHeader*>(morsel.entries[i + prefetchDistance])->hash & bucketMask;
               if ((ahead >> sliceBits) == p) __builtin_prefetch(target.directory + ahead);
            }
            char* entry = morsel.entries[i];
            if (((reinterpret_cast<HashEntryHeader*>(entry)->hash & bucketMask) >> sliceBits) != p) continue;
            size_t before = table.entries.size();
            mergeGroup(state.state(), nullptr, entry);
            if (table.entries.size() != before) firsts[morsel.first + i - morsel.begin] = entry;
         }
   });

   // The groups in order: the non-empty places of `firsts`, counted and then copied per stretch.
   size_t stretches = std::min(total / 16384 + 1, threads * 4);
   std::vector<size_t> counts(stretches + 1, 0);
   auto stretch = [&](size_t s) { return std::pair<size_t, size_t>{total * s / stretches, total * (s + 1) / stretches}; };
   runItems(stretches, threads, [&](size_t s) {
      auto [begin, end] = stretch(s);
      size_t count = 0;
      for (size_t i = begin; i < end; ++i) count += firsts[i] != nullptr;
      counts[s + 1] = count;
   });
   for (size_t s = 0; s < stretches; ++s) counts[s + 1] += counts[s];
   RowBuffer::RowPointers& groups = target.entries.rowVector();
   groups.resize(counts[stretches]);
   runItems(stretches, threads, [&](size_t s) {
      auto [begin, end] = stretch(s);
      size_t at = counts[s];
      for (size_t i = begin; i < end; ++i)
         if (firsts[i]) groups[at++] = firsts[i];
   });
   return true;
}

}  // namespace kiln
