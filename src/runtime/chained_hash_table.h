// A chained hash table of fixed-size entries, for hash aggregation (one entry per group) and hash
// joins (one per build tuple). Generated code walks the chains itself (it knows the key layout);
// growth and allocation, which are cold, happen here.
#pragma once

#include <cstdint>

#include "runtime/row_buffer.h"

namespace kiln {

/// Every entry starts with this header; keys and aggregate states follow.
struct HashEntryHeader {
   HashEntryHeader* next;
   uint64_t hash;
};

struct ChainedHashTable {
   // Read by generated code at these offsets (checked in aggregation_table.cpp).
   static constexpr size_t directoryOffset = 0;
   static constexpr size_t maskOffset = 8;
   HashEntryHeader** directory = nullptr;
   uint64_t mask = 0;

   RowBuffer entries;
   std::vector<HashEntryHeader*> buckets;

   explicit ChainedHashTable(size_t entrySize);
   /// A new zeroed entry for `hash`, already linked into its chain.
   char* insert(uint64_t hash);

   private:
   void resize(size_t bucketCount);
};

}  // namespace kiln
