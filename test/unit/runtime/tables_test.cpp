// RowBuffer, ChainedHashTable and kiln_sort: the materializing data structures of the runtime.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <unordered_set>

#include "runtime/chained_hash_table.h"
#include "runtime/helpers.h"
#include "runtime/row_buffer.h"

using namespace kiln;

namespace {

struct IntRow {
   int64_t key;
   int64_t order;
};

int32_t compareKeys(const char* a, const char* b) {
   int64_t x = reinterpret_cast<const IntRow*>(a)->key, y = reinterpret_cast<const IntRow*>(b)->key;
   return x < y ? -1 : x > y ? 1 : 0;
}

/// Every entry sits in the chain of its hash's bucket, exactly once, and the bucket's filter has
/// the entry's bit.
void expectChainsConsistent(const ChainedHashTable& table, size_t expectedEntries) {
   ASSERT_EQ(table.directory, table.buckets.data());
   ASSERT_EQ(table.mask + 1, table.buckets.size());
   ASSERT_EQ(table.buckets.size() & table.mask, 0u) << "bucket count is a power of two";
   std::unordered_set<const HashEntryHeader*> seen;
   for (size_t b = 0; b < table.buckets.size(); ++b) {
      uint64_t word = table.directory[b];
      for (auto* e = reinterpret_cast<const HashEntryHeader*>(word & ChainedHashTable::pointerBits); e; e = e->next) {
         ASSERT_EQ(e->hash & table.mask, b);
         ASSERT_NE(word & ChainedHashTable::tagOf(e->hash), 0u) << "filter bit missing";
         ASSERT_TRUE(seen.insert(e).second) << "entry in two chains";
      }
   }
   EXPECT_EQ(seen.size(), expectedEntries);
}

}  // namespace

TEST(RowBuffer, StableZeroedRows) {
   RowBuffer buffer(24);
   std::vector<char*> addresses;
   for (int i = 0; i < 100000; ++i) {
      char* row = buffer.append();
      ASSERT_TRUE(std::all_of(row, row + 24, [](char c) { return c == 0; }));
      int64_t v = i;
      std::memcpy(row, &v, 8);
      addresses.push_back(row);
   }
   ASSERT_EQ(buffer.size(), 100000u);
   EXPECT_EQ(buffer.rowSize(), 24u);
   for (int i = 0; i < 100000; ++i) {
      ASSERT_EQ(buffer.rows()[i], addresses[size_t(i)]);
      int64_t v;
      std::memcpy(&v, addresses[size_t(i)], 8);
      ASSERT_EQ(v, i);
   }
   EXPECT_EQ(kiln_rowbuffer_size(&buffer), 100000u);
   EXPECT_EQ(kiln_rowbuffer_rows(&buffer), buffer.rows());
   EXPECT_EQ(RowBuffer(0).rowSize(), 1u);
}

TEST(ChainedHashTable, InsertAndGrowthKeepChainsConsistent) {
   ChainedHashTable table(sizeof(HashEntryHeader) + 8);
   expectChainsConsistent(table, 0);
   std::mt19937_64 random(42);
   std::vector<std::pair<char*, uint64_t>> inserted;
   for (int i = 0; i < 50000; ++i) {
      // Many duplicate low bits too: hashes that differ only above the mask.
      uint64_t hash = i % 3 == 0 ? (uint64_t(i) << 40) | 7 : random();
      char* entry = kiln_hashtable_insert(&table, hash);
      auto* header = reinterpret_cast<HashEntryHeader*>(entry);
      ASSERT_EQ(header->hash, hash);
      int64_t payload;
      std::memcpy(&payload, entry + sizeof(HashEntryHeader), 8);
      ASSERT_EQ(payload, 0) << "new entries are zeroed";
      payload = i;
      std::memcpy(entry + sizeof(HashEntryHeader), &payload, 8);
      inserted.emplace_back(entry, hash);
      if (i == 1023 || i == 1024 || i == 4095 || i == 4096) expectChainsConsistent(table, size_t(i) + 1);
   }
   expectChainsConsistent(table, inserted.size());
   EXPECT_GE(table.buckets.size(), inserted.size());
   // Entries never move: their payloads are intact after all the growth.
   for (size_t i = 0; i < inserted.size(); ++i) {
      int64_t payload;
      std::memcpy(&payload, inserted[i].first + sizeof(HashEntryHeader), 8);
      ASSERT_EQ(payload, int64_t(i));
      ASSERT_EQ(reinterpret_cast<HashEntryHeader*>(inserted[i].first)->hash, inserted[i].second);
   }
}

TEST(Sort, FullSortIsStable) {
   RowBuffer buffer(sizeof(IntRow));
   std::mt19937 random(7);
   for (int i = 0; i < 20000; ++i) {
      auto* row = reinterpret_cast<IntRow*>(buffer.append());
      row->key = int64_t(random() % 100);
      row->order = i;
   }
   kiln_sort(&buffer, compareKeys, UINT64_MAX);
   ASSERT_EQ(buffer.size(), 20000u);
   for (size_t i = 1; i < buffer.size(); ++i) {
      auto* a = reinterpret_cast<IntRow*>(buffer.rows()[i - 1]);
      auto* b = reinterpret_cast<IntRow*>(buffer.rows()[i]);
      ASSERT_LE(a->key, b->key);
      if (a->key == b->key) {
         ASSERT_LT(a->order, b->order) << "equal keys keep their order";
      }
   }
}

TEST(Sort, PartialKeepsTheSmallest) {
   RowBuffer buffer(sizeof(IntRow));
   std::vector<int64_t> keys;
   std::mt19937 random(9);
   for (int i = 0; i < 10000; ++i) {
      auto* row = reinterpret_cast<IntRow*>(buffer.append());
      row->key = int64_t(random() % 1000000);
      keys.push_back(row->key);
   }
   std::sort(keys.begin(), keys.end());
   kiln_sort(&buffer, compareKeys, 10);
   ASSERT_EQ(buffer.size(), 10u);
   for (size_t i = 0; i < 10; ++i) EXPECT_EQ(reinterpret_cast<IntRow*>(buffer.rows()[i])->key, keys[i]);
   kiln_sort(&buffer, compareKeys, 0);
   EXPECT_EQ(buffer.size(), 0u);
}
