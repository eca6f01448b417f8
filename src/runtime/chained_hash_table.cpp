#include "runtime/chained_hash_table.h"

#include <cstddef>

namespace kiln {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
static_assert(offsetof(ChainedHashTable, directory) == ChainedHashTable::directoryOffset);
static_assert(offsetof(ChainedHashTable, mask) == ChainedHashTable::maskOffset);
#pragma GCC diagnostic pop

ChainedHashTable::ChainedHashTable(size_t entrySize) : entries(entrySize) { resize(1024); }

void ChainedHashTable::resize(size_t bucketCount) {
   buckets.assign(bucketCount, nullptr);
   directory = buckets.data();
   mask = bucketCount - 1;
   for (char* row : entries.rowVector()) {
      auto* entry = reinterpret_cast<HashEntryHeader*>(row);
      HashEntryHeader*& head = buckets[entry->hash & mask];
      entry->next = head;
      head = entry;
   }
}

char* ChainedHashTable::insert(uint64_t hash) {
   if (entries.size() >= buckets.size()) resize(buckets.size() * 2);
   char* row = entries.append();
   auto* entry = reinterpret_cast<HashEntryHeader*>(row);
   entry->hash = hash;
   HashEntryHeader*& head = buckets[hash & mask];
   entry->next = head;
   head = entry;
   return row;
}

}  // namespace kiln
