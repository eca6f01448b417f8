// KeySlots against a std::unordered_map: random inserts, erases and lookups through many
// incremental growths (and same-size rebuilds after erases), checked while entries move.
#include "storage/key_slots.h"

#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

namespace {

using kiln::KeySlots;

auto anyRow = [](int64_t) { return true; };

KeySlots::Key keyOf(uint64_t k) { return {k * 7919, k >> 3}; }

TEST(KeySlots, MatchesAMapThroughIncrementalGrowth) {
   KeySlots slots;
   std::unordered_map<uint64_t, int64_t> model;
   std::mt19937_64 random(5);
   int64_t nextRow = 0;
   size_t growthSteps = 0;
   for (int step = 0; step < 400'000; ++step) {
      // The key range widens, so the table grows; a third of the steps erase, so it also churns.
      uint64_t k = random() % (1000 + uint64_t(step) / 4);
      switch (random() % 3) {
         case 0:
         case 1: {
            auto it = model.find(k);
            int64_t holder = slots.insert(keyOf(k), nextRow, anyRow);
            ASSERT_EQ(holder, it == model.end() ? nextRow : it->second) << "step " << step;
            if (it == model.end()) model[k] = nextRow;
            ++nextRow;
            break;
         }
         case 2: {
            auto it = model.find(k);
            ASSERT_EQ(slots.erase(keyOf(k), it == model.end() ? 0 : it->second), it != model.end()) << "step " << step;
            if (it != model.end()) model.erase(it);
            break;
         }
      }
      growthSteps += slots.growing();
      uint64_t probe = random() % (1000 + uint64_t(step) / 4);
      auto it = model.find(probe);
      ASSERT_EQ(slots.find(keyOf(probe), anyRow), it == model.end() ? -1 : it->second) << "step " << step;
      ASSERT_EQ(slots.size(), model.size());
   }
   EXPECT_GT(growthSteps, 0u);
   for (auto [k, row] : model) ASSERT_EQ(slots.find(keyOf(k), anyRow), row);
}

TEST(KeySlots, EqualWordsNeedTheRowToMatch) {
   // Words that are only a hash: two keys may share them, told apart by `matches`.
   KeySlots slots;
   KeySlots::Key hash = {42, 0};
   EXPECT_EQ(slots.insert(hash, 1, [](int64_t) { return false; }), 1);
   EXPECT_EQ(slots.insert(hash, 2, [](int64_t) { return false; }), 2);
   EXPECT_EQ(slots.find(hash, [](int64_t row) { return row == 2; }), 2);
   EXPECT_EQ(slots.insert(hash, 3, [](int64_t row) { return row == 1; }), 1);
   EXPECT_TRUE(slots.erase(hash, 1));
   EXPECT_EQ(slots.find(hash, [](int64_t row) { return row == 1; }), -1);
   EXPECT_EQ(slots.size(), 1u);
}

TEST(KeySlots, GrowthIsSpreadOverInserts) {
   KeySlots slots;
   for (int64_t row = 0; row < 100'000; ++row) {
      slots.insert(keyOf(uint64_t(row)), row, anyRow);
      if (!slots.growing() || row % 64) continue;
      // Right after a growth starts, every entry is still found, in either array.
      for (int64_t earlier = 0; earlier <= row; earlier += 97) ASSERT_EQ(slots.find(keyOf(uint64_t(earlier)), anyRow), earlier);
   }
}

}  // namespace
