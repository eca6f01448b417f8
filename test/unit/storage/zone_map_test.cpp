// ZoneMap: the value range of each complete block, NULLs left out, widened by values written in
// place, dropped with truncated rows.
#include "storage/zone_map.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

namespace kiln {
namespace {

TEST(ZoneMap, CoversCompleteBlocksOnly) {
   std::vector<int32_t> values(2 * ZoneMap::blockRows + 10);
   for (size_t i = 0; i < values.size(); ++i) values[i] = int32_t(i) - 5000;
   ZoneMap zones;
   zones.cover(PhysicalType::Int32, reinterpret_cast<const uint8_t*>(values.data()), nullptr, values.size());
   ASSERT_EQ(zones.blocks(), 2u);
   EXPECT_EQ(zones.least()[0], -5000);
   EXPECT_EQ(zones.greatest()[0], int64_t(ZoneMap::blockRows) - 5001);
   EXPECT_EQ(zones.least()[1], int64_t(ZoneMap::blockRows) - 5000);
   // Covering again after more rows adds only the new complete blocks.
   values.resize(3 * ZoneMap::blockRows, 7);
   zones.cover(PhysicalType::Int32, reinterpret_cast<const uint8_t*>(values.data()), nullptr, values.size());
   ASSERT_EQ(zones.blocks(), 3u);
   EXPECT_EQ(zones.least()[1], int64_t(ZoneMap::blockRows) - 5000);
   EXPECT_EQ(zones.greatest()[2], 2 * int64_t(ZoneMap::blockRows) + 10 - 5001);
}

TEST(ZoneMap, LeavesOutNullsAndGivesABlockOfNullsAnEmptyRange) {
   std::vector<int64_t> values(2 * ZoneMap::blockRows, 0);
   std::vector<uint8_t> nulls(values.size(), 1);
   values[3] = -9;
   nulls[3] = 0;
   values[10] = 40;
   nulls[10] = 0;
   ZoneMap zones;
   zones.cover(PhysicalType::Int64, reinterpret_cast<const uint8_t*>(values.data()), nulls.data(), values.size());
   ASSERT_EQ(zones.blocks(), 2u);
   EXPECT_EQ(zones.least()[0], -9);
   EXPECT_EQ(zones.greatest()[0], 40);
   EXPECT_GT(zones.least()[1], zones.greatest()[1]);
}

TEST(ZoneMap, WidensForValuesWrittenInPlaceAndDropsTruncatedBlocks) {
   std::vector<int16_t> values(2 * ZoneMap::blockRows, 5);
   ZoneMap zones;
   zones.cover(PhysicalType::Int16, reinterpret_cast<const uint8_t*>(values.data()), nullptr, values.size());
   zones.widen(1, 900);
   zones.widen(ZoneMap::blockRows + 1, -3);
   zones.widen(5 * ZoneMap::blockRows, 1);  // past the blocks covered: nothing to widen
   EXPECT_EQ(zones.least()[0], 5);
   EXPECT_EQ(zones.greatest()[0], 900);
   EXPECT_EQ(zones.least()[1], -3);
   zones.truncate(ZoneMap::blockRows + 100);
   EXPECT_EQ(zones.blocks(), 1u);
   EXPECT_EQ(ZoneMap::valueAt(PhysicalType::Int16, &values[0]), 5);
}

}  // namespace
}  // namespace kiln
