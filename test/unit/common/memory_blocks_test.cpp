// Large blocks are huge-page aligned and reused once released; small ones come from malloc.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "common/memory_blocks.h"

namespace {

using kiln::hugePageSize;

TEST(MemoryBlocks, LargeBlocksAreAlignedAndReused) {
   size_t bytes = 3 * hugePageSize + 123;
   void* first = kiln::allocateBlock(bytes);
   EXPECT_EQ(reinterpret_cast<uintptr_t>(first) % hugePageSize, 0u);
   std::memset(first, 0xab, bytes);  // the whole requested size is usable
   kiln::releaseBlock(first, bytes);
   // The same size class (four huge pages) gets the released block back.
   void* second = kiln::allocateBlock(4 * hugePageSize);
   EXPECT_EQ(second, first);
   kiln::releaseBlock(second, 4 * hugePageSize);
}

TEST(MemoryBlocks, VectorsUseThemForLargeArrays) {
   std::vector<uint64_t, kiln::BlockAllocator<uint64_t>> large(hugePageSize / sizeof(uint64_t) * 2, 7);
   EXPECT_EQ(reinterpret_cast<uintptr_t>(large.data()) % hugePageSize, 0u);
   EXPECT_EQ(large.back(), 7u);
   std::vector<uint64_t, kiln::BlockAllocator<uint64_t>> small(10, 1);
   EXPECT_EQ(small[9], 1u);
}

TEST(MemoryBlocks, BlockOwnsItsMemory) {
   kiln::Block block = kiln::makeBlock(hugePageSize);
   block[hugePageSize - 1] = 'x';
   EXPECT_EQ(block[hugePageSize - 1], 'x');
}

}  // namespace
