// A KeyBitmap lets through every key its build side holds and, for keys within its range, no
// other (outside the range, only keys far apart modulo 2^32 may pass). Checked block by block
// against a set, with the vector code on CPUs that have it.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <set>
#include <vector>

#include "runtime/key_bitmap.h"

namespace {

constexpr size_t keyOffset = sizeof(kiln::HashEntryHeader);

kiln::ChainedHashTable tableOf(const std::set<int32_t>& keys) {
   kiln::ChainedHashTable table(keyOffset + sizeof(int32_t));
   for (int32_t key : keys) std::memcpy(table.append(uint64_t(key)) + keyOffset, &key, sizeof(key));
   return table;
}

TEST(KeyBitmap, PassesExactlyTheHeldKeysOfItsRange) {
   std::mt19937 random(11);
   for (int32_t low : {-1000, 0, 77, 2'000'000'000}) {
      std::set<int32_t> held;
      for (int i = 0; i < 300; ++i) held.insert(low + int32_t(random() % 5000));
      held.insert(low);
      kiln::ChainedHashTable table = tableOf(held);
      kiln::KeyBitmap bitmap;
      bitmap.build(table, keyOffset, false);
      ASSERT_FALSE(bitmap.passAll);
      for (int block = 0; block < 2000; ++block) {
         int32_t keys[kiln::KeyBitmap::blockKeys];
         for (auto& key : keys) key = int32_t(int64_t(low) - 100 + int64_t(random() % 5200));
         int32_t mask = kiln_key_bitmap_block32(&bitmap, keys);
         for (unsigned k = 0; k < kiln::KeyBitmap::blockKeys; ++k)
            ASSERT_EQ((mask >> k & 1) != 0, held.count(keys[k]) > 0) << "key " << keys[k] << " low " << low;
      }
   }
}

// Keys close together (as a foreign key in its table's order) take another path: all of the
// block's bits come from one 64-bit window, also at both ends of the bitmap.
TEST(KeyBitmap, PassesExactlyTheHeldKeysOfCloseKeys) {
   std::mt19937 random(17);
   std::set<int32_t> held;
   for (int i = 0; i < 400; ++i) held.insert(1000 + int32_t(random() % 3000));
   held.insert(1000);
   held.insert(3999);
   kiln::ChainedHashTable table = tableOf(held);
   kiln::KeyBitmap bitmap;
   bitmap.build(table, keyOffset, false);
   for (int32_t base = 900; base < 4100; base += 3) {
      int32_t keys[kiln::KeyBitmap::blockKeys];
      for (auto& key : keys) key = base + int32_t(random() % 64);
      int32_t mask = kiln_key_bitmap_block32(&bitmap, keys);
      for (unsigned k = 0; k < kiln::KeyBitmap::blockKeys; ++k) ASSERT_EQ((mask >> k & 1) != 0, held.count(keys[k]) > 0) << "key " << keys[k];
   }
}

TEST(KeyBitmap, EmptyBuildSidePassesNothingAndDenseOnePassesAll) {
   kiln::KeyBitmap empty;
   kiln::ChainedHashTable none = tableOf({});
   empty.build(none, keyOffset, false);
   int32_t keys[kiln::KeyBitmap::blockKeys] = {0, 1, -1, 5, 100, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
   EXPECT_EQ(kiln_key_bitmap_block32(&empty, keys), 0);

   std::set<int32_t> dense;
   for (int32_t key = 0; key < 100; ++key) dense.insert(key);
   kiln::ChainedHashTable all = tableOf(dense);
   kiln::KeyBitmap bitmap;
   bitmap.build(all, keyOffset, false);
   EXPECT_TRUE(bitmap.passAll);
   EXPECT_EQ(kiln_key_bitmap_block32(&bitmap, keys), (1 << kiln::KeyBitmap::blockKeys) - 1);
}

}  // namespace
