// Blocks of one size (B-tree nodes) carved from slabs of huge pages. From the heap they would sit
// on 4 KiB pages, and a fork() for a snapshot copies a page table entry per 4 KiB (page_array.h).
// Freed blocks serve the next allocations; the slabs go back to the kernel with the pool.
#pragma once

#include <cstddef>
#include <mutex>
#include <utility>
#include <vector>

namespace kiln {

class SlabPool {
   public:
   explicit SlabPool(size_t blockSize);
   ~SlabPool();
   SlabPool(const SlabPool&) = delete;
   SlabPool& operator=(const SlabPool&) = delete;

   /// Uninitialized memory for one block. Throws std::bad_alloc.
   void* allocate();
   void release(void* block);

   private:
   struct FreeBlock {
      FreeBlock* next;
   };

   std::mutex mutex_;  // trees of different databases may live on different threads
   size_t blockSize_;
   FreeBlock* free_ = nullptr;
   char* unused_ = nullptr;  // the current slab's blocks from here on were never handed out
   size_t unusedBytes_ = 0;
   std::vector<std::pair<char*, size_t>> slabs_;
};

}  // namespace kiln
