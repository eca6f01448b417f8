// The B+-tree against std::multimap: random keys with duplicates, deletions, and ranges with
// every combination of bounds; and the byte order of OrderedKey against the values' order.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "storage/btree.h"
#include "storage/node_key.h"
#include "storage/ordered_key.h"

namespace {

/// The encoding of one value of `type` at `raw`.
std::string encoded(kiln::PhysicalType type, const void* raw) {
   std::string key;
   kiln::OrderedKey(key).append(type, raw);
   return key;
}

std::string keyOf(int64_t v) { return encoded(kiln::PhysicalType::Int64, &v); }

TEST(BTree, MatchesAMultimap) {
   kiln::BTree tree;
   std::multimap<std::string, size_t> reference;
   std::mt19937 random(7);
   for (size_t row = 0; row < 20000; ++row) {
      std::string key = keyOf(int64_t(random() % 3000) - 1500);
      tree.insert(key, row);
      reference.emplace(key, row);
   }
   for (size_t i = 0; i < 5000; ++i) {
      auto it = reference.begin();
      std::advance(it, random() % reference.size());
      tree.erase(it->first, it->second);
      reference.erase(it);
   }
   ASSERT_EQ(tree.size(), reference.size());
   for (int trial = 0; trial < 200; ++trial) {
      std::string low = keyOf(int64_t(random() % 3200) - 1600), high = keyOf(int64_t(random() % 3200) - 1600);
      bool lowInclusive = random() % 2, highInclusive = random() % 2, hasLow = random() % 4, hasHigh = random() % 4;
      std::multiset<size_t> expected, actual;
      for (auto& [key, row] : reference) {
         if (hasLow && (key < low || (!lowInclusive && key == low))) continue;
         if (hasHigh && (key > high || (!highInclusive && key == high))) continue;
         expected.insert(row);
      }
      tree.scan(hasLow ? &low : nullptr, lowInclusive, hasHigh ? &high : nullptr, highInclusive, [&](size_t row) { actual.insert(row); });
      ASSERT_EQ(actual, expected) << "trial " << trial;
   }
}

// Keys longer than a node keeps inline (kept on the heap): moved around by inserts, splits and
// erasures without being lost or freed twice.
TEST(BTree, LongKeysMatchAMultimap) {
   kiln::BTree tree;
   std::multimap<std::string, size_t> reference;
   std::mt19937 random(13);
   auto longKey = [&] { return std::string(20 + random() % 40, 'k') + std::to_string(random() % 2000); };
   for (size_t row = 0; row < 20000; ++row) {
      std::string key = longKey();
      tree.insert(key, row);
      reference.emplace(key, row);
   }
   for (size_t i = 0; i < 8000; ++i) {
      auto it = reference.begin();
      std::advance(it, random() % reference.size());
      tree.erase(it->first, it->second);
      reference.erase(it);
   }
   ASSERT_EQ(tree.size(), reference.size());
   std::vector<size_t> expected, actual;
   for (auto& [key, row] : reference) expected.push_back(row);
   tree.scan(nullptr, true, nullptr, true, [&](size_t row) { actual.push_back(row); });
   // Equal keys may come in any order.
   std::sort(expected.begin(), expected.end());
   std::sort(actual.begin(), actual.end());
   ASSERT_EQ(actual, expected);
   for (int trial = 0; trial < 100; ++trial) {
      std::string low = longKey(), high = longKey();
      std::multiset<size_t> inRange, scanned;
      for (auto& [key, row] : reference)
         if (key >= low && key <= high) inRange.insert(row);
      tree.scan(&low, true, &high, true, [&](size_t row) { scanned.insert(row); });
      ASSERT_EQ(scanned, inRange) << "trial " << trial;
   }
}

// Keys of every length around the 16 bytes kept inline and the 24 of an inline key, over bytes
// that include 0x00 (which the zero padding of short keys looks like) and 0xff.
std::string anyBytes(std::mt19937& random) {
   static const char alphabet[] = {'\0', '\1', 'a', 'b', '\xff'};
   std::string key(random() % 34, '\0');
   for (char& c : key) c = alphabet[random() % sizeof(alphabet)];
   // Long runs of a shared start, so that comparisons get past the first 16 bytes.
   if (random() % 2) key.replace(0, std::min<size_t>(key.size(), 16), std::string(std::min<size_t>(key.size(), 16), 'a'));
   return key;
}

TEST(NodeKey, OrdersAsTheirBytes) {
   std::mt19937 random(5);
   for (int trial = 0; trial < 200000; ++trial) {
      std::string a = anyBytes(random), b = random() % 4 ? anyBytes(random) : a;
      kiln::NodeKey x(a), y(b);
      ASSERT_EQ(x < y, a < b) << trial;
      ASSERT_EQ(y < x, b < a) << trial;
      ASSERT_EQ(x == y, a == b) << trial;
      ASSERT_EQ(x.view(), a);
   }
}

TEST(BTree, UniqueInsertsAndFindsMatchAMap) {
   kiln::BTree tree;
   std::map<std::string, size_t> reference;
   std::mt19937 random(17);
   for (size_t row = 0; row < 30000; ++row) {
      std::string key = anyBytes(random);
      auto [it, added] = reference.emplace(key, row);
      ASSERT_EQ(tree.insertUnique(key, row), int64_t(it->second)) << row;
      if (row % 3 == 0) {
         auto gone = reference.begin();
         std::advance(gone, random() % reference.size());
         tree.erase(gone->first, gone->second);
         reference.erase(gone);
      }
   }
   ASSERT_EQ(tree.size(), reference.size());
   for (int trial = 0; trial < 30000; ++trial) {
      std::string key = anyBytes(random);
      auto it = reference.find(key);
      ASSERT_EQ(tree.findUnique(key), it == reference.end() ? -1 : int64_t(it->second)) << trial;
   }
}

TEST(BTree, QueueChurnKeepsScansRight) {
   // Inserted at the tail and erased at the head of a few key ranges (TPC-C's new_order): the
   // leaves and inner nodes left empty go, and the scans in both directions stay right.
   kiln::BTree tree;
   std::multimap<std::string, size_t> reference;
   std::mt19937 random(3);
   std::vector<int64_t> head(4, 0), tail(4, 0);
   for (size_t step = 0; step < 60000; ++step) {
      size_t queue = random() % 4;
      bool insert = head[queue] == tail[queue] || random() % 100 < 52;
      int64_t value = int64_t(queue) * 1'000'000 + (insert ? tail[queue]++ : head[queue]++);
      std::string key = keyOf(value);
      if (insert) {
         tree.insert(key, size_t(value));
         reference.emplace(key, size_t(value));
      } else {
         tree.erase(key, size_t(value));
         reference.erase(key);
      }
   }
   ASSERT_EQ(tree.size(), reference.size());
   for (size_t queue = 0; queue < 4; ++queue) {
      std::string low = keyOf(int64_t(queue) * 1'000'000), high = keyOf(int64_t(queue + 1) * 1'000'000);
      std::vector<size_t> expected, forward, backward;
      for (auto it = reference.lower_bound(low); it != reference.lower_bound(high); ++it) expected.push_back(it->second);
      tree.scan(&low, true, &high, false, [&](size_t row) { forward.push_back(row); });
      tree.scanBackward(low, high, [&](size_t row) { backward.push_back(row); });
      std::reverse(backward.begin(), backward.end());
      EXPECT_EQ(forward, expected) << "queue " << queue;
      EXPECT_EQ(backward, expected) << "queue " << queue;
   }
   for (auto& [key, row] : reference) tree.erase(key, row);
   EXPECT_EQ(tree.size(), 0u);
   size_t visited = 0;
   tree.scan(nullptr, true, nullptr, true, [&](size_t) { ++visited; });
   EXPECT_EQ(visited, 0u);
   tree.insert(keyOf(5), 5);
   tree.scan(nullptr, true, nullptr, true, [&](size_t row) { visited += row; });
   EXPECT_EQ(visited, 5u);
}

TEST(BTree, AscendingKeysWithDuplicatesSplitAtTheEnd) {
   // Keys ascending within interleaved ranges (TPC-C's order lines), many equal in a row: nodes
   // that overflow at their end split there, and duplicates end up on both sides of separators.
   kiln::BTree tree;
   std::multimap<std::string, size_t> reference;
   std::mt19937 random(11);
   std::vector<int64_t> next(8, 0);
   for (size_t row = 0; row < 40000; ++row) {
      size_t range = random() % 8;
      int64_t value = int64_t(range) * 1'000'000 + next[range];
      if (random() % 4 == 0) ++next[range];  // about four rows per key
      std::string key = keyOf(value);
      tree.insert(key, row);
      reference.emplace(key, row);
   }
   ASSERT_EQ(tree.size(), reference.size());
   for (int trial = 0; trial < 300; ++trial) {
      size_t range = random() % 8;
      int64_t start = int64_t(range) * 1'000'000, span = next[range] + 2;
      std::string low = keyOf(start + int64_t(random() % uint64_t(span))), high = keyOf(start + int64_t(random() % uint64_t(span)));
      bool lowInclusive = random() % 2, highInclusive = random() % 2;
      std::multiset<size_t> expected, actual;
      for (auto& [key, row] : reference)
         if ((key > low || (lowInclusive && key == low)) && (key < high || (highInclusive && key == high))) expected.insert(row);
      tree.scan(&low, lowInclusive, &high, highInclusive, [&](size_t row) { actual.insert(row); });
      ASSERT_EQ(actual, expected) << "trial " << trial;
      std::multiset<size_t> backward;
      if (low < high) {
         std::multiset<size_t> halfOpen;
         for (auto& [key, row] : reference)
            if (key >= low && key < high) halfOpen.insert(row);
         tree.scanBackward(low, high, [&](size_t row) { backward.insert(row); });
         ASSERT_EQ(backward, halfOpen) << "trial " << trial;
      }
   }
}

TEST(BTree, RunsOfAscendingKeysGoStraightToTheirLeaf) {
   // Runs of ascending keys in one of several ranges (the lines of one order), inserted unique
   // (some keys twice), while the oldest keys of a range go (delivered): inserts that follow one
   // another land in the leaf of the last one, which must still take their keys.
   kiln::BTree tree;
   std::map<std::string, size_t> reference;
   std::mt19937 random(23);
   std::vector<int64_t> next(6, 0), oldest(6, 0);
   size_t row = 0;
   for (int run = 0; run < 6000; ++run) {
      size_t range = random() % 6;
      int64_t length = 5 + int64_t(random() % 11);
      for (int64_t i = 0; i < length; ++i, ++row) {
         // Now and then a key of the run again: refused, the row holding it comes back.
         int64_t value = int64_t(range) * 1'000'000 + (i > 0 && random() % 10 == 0 ? next[range] - 1 : next[range]++);
         std::string key = keyOf(value);
         auto [it, added] = reference.emplace(key, row);
         ASSERT_EQ(tree.insertUnique(key, row), int64_t(it->second)) << "row " << row;
      }
      if (random() % 3 == 0) {
         size_t gone = random() % 6;
         for (int k = 0; k < 12 && oldest[gone] < next[gone]; ++k, ++oldest[gone]) {
            std::string key = keyOf(int64_t(gone) * 1'000'000 + oldest[gone]);
            auto it = reference.find(key);
            if (it == reference.end()) continue;
            tree.erase(key, it->second);
            reference.erase(it);
         }
      }
   }
   ASSERT_EQ(tree.size(), reference.size());
   std::vector<size_t> expected, actual;
   for (auto& [key, at] : reference) expected.push_back(at);
   tree.scan(nullptr, true, nullptr, true, [&](size_t at) { actual.push_back(at); });
   ASSERT_EQ(actual, expected);
   for (size_t range = 0; range < 6; ++range)
      for (int64_t v = 0; v < next[range] + 2; v += 7) {
         std::string key = keyOf(int64_t(range) * 1'000'000 + v);
         auto it = reference.find(key);
         ASSERT_EQ(tree.findUnique(key), it == reference.end() ? -1 : int64_t(it->second)) << range << " " << v;
      }
}

TEST(OrderedKey, ByteOrderIsValueOrder) {
   int64_t values[] = {INT64_MIN, -1000000, -1, 0, 1, 42, INT64_MAX};
   for (size_t i = 1; i < std::size(values); ++i) EXPECT_LT(keyOf(values[i - 1]), keyOf(values[i]));
   int32_t ints[] = {INT32_MIN, -70000, -1, 0, 1, 65536, INT32_MAX};
   for (size_t i = 1; i < std::size(ints); ++i) EXPECT_LT(encoded(kiln::PhysicalType::Int32, &ints[i - 1]), encoded(kiln::PhysicalType::Int32, &ints[i]));
   int16_t smallints[] = {INT16_MIN, -300, -1, 0, 1, 256, INT16_MAX};
   for (size_t i = 1; i < std::size(smallints); ++i)
      EXPECT_LT(encoded(kiln::PhysicalType::Int16, &smallints[i - 1]), encoded(kiln::PhysicalType::Int16, &smallints[i]));
   // The marker, then the value big-endian with its sign bit flipped, in its own width.
   int32_t minusTwo = -2;
   int16_t three = 3;
   EXPECT_EQ(encoded(kiln::PhysicalType::Int32, &minusTwo), std::string("\x01\x7f\xff\xff\xfe", 5));
   EXPECT_EQ(encoded(kiln::PhysicalType::Int16, &three), std::string("\x01\x80\x03", 3));
   EXPECT_EQ(keyOf(1), std::string("\x01\x80\x00\x00\x00\x00\x00\x00\x01", 9));
   double doubles[] = {-1e300, -2.5, -0.0, 0.5, 3.0, 1e300};
   for (size_t i = 1; i < std::size(doubles); ++i)
      EXPECT_LE(encoded(kiln::PhysicalType::Double, &doubles[i - 1]), encoded(kiln::PhysicalType::Double, &doubles[i]));
   const char* strings[] = {"", "a", "ab", "abc", "b", "ba"};
   for (size_t i = 1; i < std::size(strings); ++i) {
      kiln::GermanString x = kiln::GermanString::make(strings[i - 1]), y = kiln::GermanString::make(strings[i]);
      EXPECT_LT(encoded(kiln::PhysicalType::String, &x), encoded(kiln::PhysicalType::String, &y)) << strings[i - 1] << " < " << strings[i];
   }
   std::string null;
   kiln::OrderedKey(null).appendNull();
   EXPECT_LT(null, keyOf(INT64_MIN));
}

}  // namespace

TEST(OrderedKey, InPlaceKeysEqualStringKeys) {
   // Every fixed-width type, NULL among them: the bytes made in place are the string's, the
   // declared size is each value's encoded size, and the NodeKeys compare alike.
   bool flag = true;
   int16_t small = -7;
   int32_t medium = 123456;
   int64_t large = -9876543210;
   __int128 wide = (__int128(1) << 100) + 5;
   float single = -1.5f;
   double real = 2.25;
   char interval[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
   std::pair<kiln::PhysicalType, const void*> values[] = {{kiln::PhysicalType::Bool, &flag},    {kiln::PhysicalType::Int16, &small},
                                                          {kiln::PhysicalType::Int32, &medium}, {kiln::PhysicalType::Int64, &large},
                                                          {kiln::PhysicalType::Int128, &wide},  {kiln::PhysicalType::Float, &single},
                                                          {kiln::PhysicalType::Double, &real},  {kiln::PhysicalType::Interval, interval}};
   for (auto [type, raw] : values) EXPECT_EQ(encoded(type, raw).size(), kiln::orderedKeyBytes(type)) << int(type);
   for (auto [first, firstRaw] : values)
      for (auto [second, secondRaw] : values) {
         std::string text;
         kiln::InlineKeyBytes bytes;
         kiln::OrderedKey(text).append(first, firstRaw);
         kiln::OrderedKey(bytes).append(first, firstRaw);
         kiln::OrderedKey(text).appendNull();
         kiln::OrderedKey(bytes).appendNull();
         if (kiln::orderedKeyBytes(first) + 1 + kiln::orderedKeyBytes(second) > kiln::InlineKeyBytes::capacity) continue;
         kiln::OrderedKey(text).append(second, secondRaw);
         kiln::OrderedKey(bytes).append(second, secondRaw);
         kiln::NodeKey inPlace(bytes), fromText(text);
         EXPECT_EQ(inPlace.view(), text);
         EXPECT_TRUE(inPlace == fromText);
         EXPECT_FALSE(inPlace < fromText || fromText < inPlace);
      }
   EXPECT_EQ(kiln::orderedKeyBytes(kiln::PhysicalType::String), 0u);
}

TEST(BTree, AscendingRunsInsideTheTreeFillTheirLeaves) {
   // Keys ascending in each of several ranges, the ranges taking turns (the order lines of
   // several districts): each range's next key goes in the middle of the tree, before the next
   // range's keys. Leaves split right after such a run's keys, so they end up full, not half full,
   // and the tree is the same as one built from the keys in order.
   kiln::BTree tree;
   std::map<std::string, size_t> reference;
   std::mt19937 random(31);
   constexpr size_t ranges = 10, keys = 50000;
   std::vector<int64_t> next(ranges, 0);
   for (size_t row = 0; row < keys; ++row) {
      size_t range = random() % ranges;
      std::string key = keyOf(int64_t(range) * 1'000'000 + next[range]++);
      reference.emplace(key, row);
      ASSERT_EQ(tree.insertUnique(key, row), int64_t(row));
   }
   EXPECT_LT(tree.leafCount(), keys / (kiln::BTree::capacity * 3 / 4));
   std::vector<size_t> expected, actual;
   for (auto& [key, row] : reference) expected.push_back(row);
   tree.scan(nullptr, true, nullptr, true, [&](size_t row) { actual.push_back(row); });
   ASSERT_EQ(actual, expected);
   // Random keys still split leaves in half: none is left nearly empty.
   kiln::BTree shuffled;
   for (size_t row = 0; row < keys; ++row) shuffled.insert(keyOf(int64_t(random())), row);
   EXPECT_LT(shuffled.leafCount(), keys / (kiln::BTree::capacity / 3));
}

TEST(BTree, ManyInterleavedRunsKeepTheirLeavesApart) {
   // More runs of ascending keys than the tree remembers leaves for (a leaf per run it inserted
   // into lately), mixed with keys anywhere, duplicates, and the oldest keys of a run erased until
   // leaves go: every key lands where a search finds it, in order, each remembered leaf taking
   // only keys of its own range.
   kiln::BTree tree;
   std::multimap<std::string, size_t> reference;
   std::mt19937 random(41);
   constexpr size_t ranges = 100;
   std::vector<int64_t> next(ranges, 0), oldest(ranges, 0);
   size_t row = 0;
   for (int run = 0; run < 8000; ++run) {
      size_t range = random() % ranges;
      for (int64_t i = 0, length = 1 + int64_t(random() % 15); i < length; ++i, ++row) {
         int64_t value = int64_t(range) * 1'000'000;
         switch (random() % 10) {
            case 0: value += int64_t(random() % uint64_t(next[range] + 1)); break;  // anywhere in the range
            case 1: value += std::max<int64_t>(0, next[range] - 1); break;         // the last key again
            default: value += next[range]++;
         }
         std::string key = keyOf(value);
         tree.insert(key, row);
         reference.emplace(key, row);
      }
      if (random() % 4 == 0) {
         size_t gone = random() % ranges;
         for (int k = 0; k < 40 && oldest[gone] < next[gone]; ++k, ++oldest[gone]) {
            std::string key = keyOf(int64_t(gone) * 1'000'000 + oldest[gone]);
            for (auto [it, end] = reference.equal_range(key); it != end; it = reference.erase(it)) tree.erase(key, it->second);
         }
      }
   }
   ASSERT_EQ(tree.size(), reference.size());
   std::vector<std::string> expected, actual;
   for (auto& [key, at] : reference) expected.push_back(key);
   std::map<size_t, std::string> keyOfRow;
   for (auto& [key, at] : reference) keyOfRow[at] = key;
   tree.scan(nullptr, true, nullptr, true, [&](size_t at) { actual.push_back(keyOfRow.at(at)); });
   ASSERT_EQ(actual, expected);
   for (int trial = 0; trial < 500; ++trial) {
      size_t range = random() % ranges;
      std::string low = keyOf(int64_t(range) * 1'000'000 + int64_t(random() % uint64_t(next[range] + 2)));
      std::string high = keyOf(int64_t(range) * 1'000'000 + int64_t(random() % uint64_t(next[range] + 2)));
      std::multiset<size_t> expectedRows, actualRows;
      for (auto it = reference.lower_bound(low); it != reference.end() && it->first <= high; ++it) expectedRows.insert(it->second);
      tree.scan(&low, true, &high, true, [&](size_t at) { actualRows.insert(at); });
      ASSERT_EQ(actualRows, expectedRows) << "trial " << trial;
   }
}
