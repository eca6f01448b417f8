#include "common/slab_pool.h"

#include <algorithm>
#include <new>

#include "common/memory_blocks.h"
#include "common/page_array.h"

namespace kiln {

namespace {

// Slabs double from one huge page (all a process of tiny tables needs) up to this size, so that
// a large tree does not take thousands of mappings.
constexpr size_t largestSlab = size_t(64) << 20;

}  // namespace

SlabPool::SlabPool(size_t blockSize) : blockSize_((std::max(blockSize, sizeof(FreeBlock)) + 63) / 64 * 64) {}

SlabPool::~SlabPool() {
   for (auto [slab, bytes] : slabs_) freePages(slab, bytes);
}

void* SlabPool::allocate() {
   std::lock_guard lock(mutex_);
   if (FreeBlock* block = free_) {
      free_ = block->next;
      return block;
   }
   if (unusedBytes_ < blockSize_) {
      size_t bytes = slabs_.empty() ? hugePageSize : std::min(slabs_.back().second * 2, largestSlab);
      unused_ = static_cast<char*>(growPages(nullptr, 0, bytes));
      unusedBytes_ = bytes;
      slabs_.emplace_back(unused_, bytes);
   }
   void* block = unused_;
   unused_ += blockSize_;
   unusedBytes_ -= blockSize_;
   return block;
}

void SlabPool::release(void* block) {
   if (!block) return;
   std::lock_guard lock(mutex_);
   free_ = new (block) FreeBlock{free_};
}

}  // namespace kiln
