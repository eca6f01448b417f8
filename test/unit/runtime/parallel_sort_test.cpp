// stableSortRows: the order of std::stable_sort, ties in input order, for any number of threads
// and for sizes around the point where the sort goes parallel; stableTopRows: its first rows.
#include "runtime/parallel_sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace kiln {
namespace {

int32_t compareKeys(const char* a, const char* b) {
   int32_t x, y;
   std::memcpy(&x, a, sizeof(x));
   std::memcpy(&y, b, sizeof(y));
   return x < y ? -1 : x > y ? 1 : 0;
}

/// `count` rows of a 4-byte key drawn from `distinct` values.
std::vector<int32_t> keys(size_t count, int32_t distinct, uint32_t seed) {
   std::mt19937 random(seed);
   std::vector<int32_t> result(count);
   for (int32_t& key : result) key = int32_t(random() % uint32_t(distinct));
   return result;
}

void expectStableOrder(std::vector<int32_t>& values, size_t threads) {
   RowBuffer::RowPointers rows;
   for (int32_t& value : values) rows.push_back(reinterpret_cast<char*>(&value));
   RowBuffer::RowPointers expected = rows;
   std::stable_sort(expected.begin(), expected.end(), [](const char* a, const char* b) { return compareKeys(a, b) < 0; });
   stableSortRows(rows, compareKeys, threads);
   ASSERT_EQ(rows.size(), expected.size());
   for (size_t i = 0; i < rows.size(); ++i) ASSERT_EQ(rows[i], expected[i]) << "row " << i << " of " << rows.size() << ", " << threads << " threads";
}

TEST(ParallelSort, SameOrderAsStableSort) {
   for (size_t count : {size_t(0), size_t(1), size_t(65535), size_t(65536), size_t(200001), size_t(1000000)})
      for (size_t threads : {1, 2, 3, 4, 7}) {
         std::vector<int32_t> values = keys(count, 1000, uint32_t(count + threads));
         expectStableOrder(values, threads);
      }
}

TEST(ParallelSort, TiesSortedAndSkew) {
   std::vector<int32_t> same(300000, 5);
   expectStableOrder(same, 4);
   std::vector<int32_t> skewed = keys(300000, 3, 1);
   for (size_t i = 0; i < skewed.size(); i += 7) skewed[i] = 1;
   expectStableOrder(skewed, 3);
   std::vector<int32_t> descending(250000);
   for (size_t i = 0; i < descending.size(); ++i) descending[i] = int32_t(descending.size() - i) / 3;
   expectStableOrder(descending, 4);
   std::vector<int32_t> ascending(250000);
   for (size_t i = 0; i < ascending.size(); ++i) ascending[i] = int32_t(i);
   expectStableOrder(ascending, 2);
}

TEST(ParallelSort, TopRowsAreTheFirstOfTheStableOrder) {
   for (size_t count : {size_t(10), size_t(70000), size_t(300000)})
      for (size_t keep : {size_t(0), size_t(1), size_t(10), size_t(1000), count - 1, count, count + 5})
         for (size_t threads : {1, 2, 3, 4}) {
            std::vector<int32_t> values = keys(count, 50, uint32_t(count + keep));
            RowBuffer::RowPointers rows;
            for (int32_t& value : values) rows.push_back(reinterpret_cast<char*>(&value));
            RowBuffer::RowPointers expected = rows;
            std::stable_sort(expected.begin(), expected.end(), [](const char* a, const char* b) { return compareKeys(a, b) < 0; });
            expected.resize(std::min(keep, count));
            stableTopRows(rows, compareKeys, keep, threads);
            ASSERT_EQ(rows.size(), expected.size()) << count << " rows, keep " << keep << ", " << threads << " threads";
            for (size_t i = 0; i < rows.size(); ++i) ASSERT_EQ(rows[i], expected[i]) << "row " << i << ", keep " << keep << ", " << threads << " threads";
         }
}

}  // namespace
}  // namespace kiln
