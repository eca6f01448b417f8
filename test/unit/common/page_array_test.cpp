// Page-backed arrays keep their contents as they grow (by remapping, across many sizes) and read
// as zeros beyond them.
#include <gtest/gtest.h>

#include <cstdint>

#include "common/page_array.h"

namespace {

TEST(PageArray, GrowingKeepsContentsAndZeroesTheRest) {
   size_t count = 0;
   uint64_t* values = nullptr;
   for (size_t step = 0; step < 20; ++step) {
      size_t grown = count * 3 / 2 + 1000;
      values = static_cast<uint64_t*>(kiln::growPages(values, count * sizeof(uint64_t), grown * sizeof(uint64_t)));
      for (size_t i = 0; i < count; ++i) ASSERT_EQ(values[i], i * 7919) << "step " << step;
      for (size_t i = count; i < grown; ++i) ASSERT_EQ(values[i], 0u);
      for (size_t i = count; i < grown; ++i) values[i] = i * 7919;
      count = grown;
   }
   // Asking for no more than there is keeps the block.
   EXPECT_EQ(kiln::growPages(values, count * sizeof(uint64_t), 8), values);
   kiln::freePages(values, count * sizeof(uint64_t));
}

}  // namespace
