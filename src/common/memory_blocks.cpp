#include "common/memory_blocks.h"

#include "common/memory_limit.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <vector>

#include <unistd.h>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace kiln {

namespace {

/// Large blocks come in power-of-two multiples of a huge page, so that a freed block fits the
/// next request of its class exactly (the unused tail of a block is never touched, so it costs
/// address space, not memory).
size_t sizeClass(size_t bytes) {
   size_t rounded = hugePageSize;
   while (rounded < bytes) rounded *= 2;
   return rounded;
}

class BlockCache {
   public:
   BlockCache() {
      // A sixteenth of the machine's memory stays cached at most.
      long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
      limit_ = pages > 0 && pageSize > 0 ? size_t(pages) * size_t(pageSize) / 16 : size_t(256) << 20;
   }
   void* take(size_t size) {
      std::lock_guard lock(mutex_);
      for (auto& [blockSize, blocks] : free_) {
         if (blockSize != size || blocks.empty()) continue;
         void* block = blocks.back();
         blocks.pop_back();
         cached_ -= size;
         return block;
      }
      return nullptr;
   }
   bool keep(void* block, size_t size) {
      std::lock_guard lock(mutex_);
      if (cached_ + size > limit_) return false;
      cached_ += size;
      for (auto& [blockSize, blocks] : free_)
         if (blockSize == size) return blocks.push_back(block), true;
      free_.push_back({size, {block}});
      return true;
   }
   void clear() {
      std::lock_guard lock(mutex_);
      for (auto& [size, blocks] : free_)
         for (void* block : blocks) std::free(block);
      free_.clear();
      cached_ = 0;
   }

   private:
   std::mutex mutex_;
   std::vector<std::pair<size_t, std::vector<void*>>> free_;  // by size class
   size_t cached_ = 0, limit_;
};

BlockCache& blockCache() {
   static BlockCache* cache = new BlockCache;  // never destroyed: blocks may be freed during exit
   return *cache;
}

}  // namespace

void adviseHugePages(void* data, size_t bytes) {
#ifdef MADV_HUGEPAGE
   if (bytes < hugePageSize) return;
   uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + hugePageSize - 1) & ~(hugePageSize - 1);
   uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(hugePageSize - 1);
   if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
   (void)data;
   (void)bytes;
#endif
}

void keepFreedHeapMemory() {
#if defined(__GLIBC__)
   static std::once_flag once;
   std::call_once(once, [] {
      // Blocks below 32 MiB come from the heap (the most glibc allows), and up to 64 MiB of free
      // memory stays at its top rather than going back to the kernel.
      mallopt(M_MMAP_THRESHOLD, 32 << 20);
      mallopt(M_TRIM_THRESHOLD, 64 << 20);
   });
#endif
}

void* allocateBlock(size_t bytes) {
   void* block;
   if (bytes >= hugePageSize) {
      size_t size = sizeClass(bytes);
      if ((block = blockCache().take(size))) return block;
      checkMemoryFor(bytes);
      block = std::aligned_alloc(hugePageSize, size);
      if (block) adviseHugePages(block, size);
   } else {
      block = std::malloc(bytes ? bytes : 1);
   }
   if (!block) throw std::bad_alloc();
   return block;
}

void releaseCachedBlocks() { blockCache().clear(); }

void releaseBlock(void* block, size_t bytes) {
   if (!block) return;
   if (bytes >= hugePageSize && blockCache().keep(block, sizeClass(bytes))) return;
   std::free(block);
}

}  // namespace kiln
