// A chained hash table of fixed-size entries, for hash aggregation (one entry per group) and hash
// joins (one per build tuple). Generated code walks the chains itself (it knows the key layout);
// growth and allocation, which are cold, happen here.
//
// A directory word is the chain's first entry in its low 48 bits and, in its high 16 bits, a
// tiny Bloom filter of the hashes in the chain (two bits, chosen by the hash's top two nibbles):
// most probes that find nothing stop at the directory without touching an entry (as in Umbra).
// With chains of about one entry, two bits let through a quarter of the false hits one bit does.
#pragma once

#include <cstdint>
#include <vector>

#include "common/memory_blocks.h"
#include "runtime/row_buffer.h"

namespace kiln {

/// Every entry starts with this header; keys and aggregate states follow.
struct HashEntryHeader {
   HashEntryHeader* next;
   uint64_t hash;
};

struct ChainedHashTable {
   // Read by generated code at these offsets (checked in chained_hash_table.cpp).
   static constexpr size_t directoryOffset = 0;
   static constexpr size_t maskOffset = 8;
   static constexpr uint64_t pointerBits = (uint64_t(1) << 48) - 1;
   /// The filter bits of `hash` in a directory word.
   static uint64_t tagOf(uint64_t hash) { return uint64_t(1) << (48 + (hash >> 60)) | uint64_t(1) << (48 + ((hash >> 56) & 15)); }

   uint64_t* directory = nullptr;
   uint64_t mask = 0;

   RowBuffer entries;
   std::vector<uint64_t, BlockAllocator<uint64_t>> buckets;

   /// Sized for `expectedEntries` (an estimate: the table grows beyond it, and a wild
   /// overestimate is capped).
   explicit ChainedHashTable(size_t entrySize, double expectedEntries = 0);
   /// A new zeroed entry for `hash`, already linked into its chain.
   char* insert(uint64_t hash);
   /// A new zeroed entry for `hash`, linked only by finishBuild: a join's build side appends all
   /// its entries first, then links them into a directory of the right size in one pass that
   /// prefetches the buckets ahead, instead of waiting on a random bucket per row.
   char* append(uint64_t hash);
   void finishBuild();
   /// Links `entry`, made by another table of the same layout (with its hash), into this one: a
   /// parallel aggregation's worker's group that the query's table takes as it is.
   void adopt(char* entry);

   /// For a merge of groups split by their buckets: this empty table gets a directory of
   /// `bucketCount` buckets (a power of two), and other tables fill its equal slices
   /// (useDirectorySlice), each with the entries whose buckets lie in its slice.
   void makeDirectory(size_t bucketCount) { resize(bucketCount); }
   /// Makes buckets [first, first + count) of `whole`'s directory this table's whole directory, of
   /// a fixed size: this table links its entries into them and never grows it.
   void useDirectorySlice(ChainedHashTable& whole, size_t first, size_t count);

   private:
   void resize(size_t bucketCount);
   bool fixedDirectory_ = false;
};

}  // namespace kiln
