#include "runtime/chained_hash_table.h"

#include <cstddef>

namespace kiln {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
static_assert(offsetof(ChainedHashTable, directory) == ChainedHashTable::directoryOffset);
static_assert(offsetof(ChainedHashTable, mask) == ChainedHashTable::maskOffset);
#pragma GCC diagnostic pop

ChainedHashTable::ChainedHashTable(size_t entrySize, double expectedEntries) : entries(entrySize) {
   // Growing rehashes every entry so far: start at the expected size (up to 2M buckets); small
   // for the few rows of a transaction's statement.
   size_t buckets = 16;
   while (buckets < expectedEntries && buckets < (size_t(1) << 21)) buckets *= 2;
   resize(buckets);
}

namespace {

void link(uint64_t& head, HashEntryHeader* entry) {
   entry->next = reinterpret_cast<HashEntryHeader*>(head & ChainedHashTable::pointerBits);
   head = reinterpret_cast<uint64_t>(entry) | (head & ~ChainedHashTable::pointerBits) | ChainedHashTable::tagOf(entry->hash);
}

}  // namespace

void ChainedHashTable::resize(size_t bucketCount) {
   buckets.assign(bucketCount, 0);
   directory = buckets.data();
   mask = bucketCount - 1;
   auto& rows = entries.rowVector();
   constexpr size_t ahead = 16;  // buckets in flight: enough to hide a miss to memory
   for (size_t i = 0; i < rows.size(); ++i) {
      if (i + ahead < rows.size()) __builtin_prefetch(&buckets[reinterpret_cast<HashEntryHeader*>(rows[i + ahead])->hash & mask], 1);
      auto* entry = reinterpret_cast<HashEntryHeader*>(rows[i]);
      link(buckets[entry->hash & mask], entry);
   }
}

char* ChainedHashTable::append(uint64_t hash) {
   char* row = entries.append();
   reinterpret_cast<HashEntryHeader*>(row)->hash = hash;
   return row;
}

void ChainedHashTable::finishBuild() {
   size_t bucketCount = 16;
   while (bucketCount < entries.size()) bucketCount *= 2;
   resize(bucketCount);
}

void ChainedHashTable::adopt(char* row) {
   if (!fixedDirectory_ && entries.size() >= buckets.size()) resize(buckets.size() * 2);
   entries.rowVector().push_back(row);
   auto* entry = reinterpret_cast<HashEntryHeader*>(row);
   link(directory[entry->hash & mask], entry);
}

char* ChainedHashTable::insert(uint64_t hash) {
   if (!fixedDirectory_ && entries.size() >= buckets.size()) resize(buckets.size() * 2);
   char* row = entries.append();
   auto* entry = reinterpret_cast<HashEntryHeader*>(row);
   entry->hash = hash;
   link(directory[hash & mask], entry);
   return row;
}

void ChainedHashTable::useDirectorySlice(ChainedHashTable& whole, size_t first, size_t count) {
   // The slice's buckets are those whose index has the slice's high bits: within it, an entry's
   // bucket is its hash's low bits, as in any table of `count` buckets.
   buckets.clear();
   directory = whole.directory + first;
   mask = count - 1;
   fixedDirectory_ = true;
}

}  // namespace kiln
