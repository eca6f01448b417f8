// Large arrays that are read at random (hash directories and entries, index slots, columns) are
// backed by 2 MiB transparent huge pages where the kernel allows it: with 4 KiB pages a random
// probe into a big array misses the TLB as well as the cache, and a page walk costs about as much
// as the miss itself (more under virtualization).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

namespace kiln {

inline constexpr size_t hugePageSize = size_t(2) << 20;

/// Asks for huge pages for the whole huge pages inside [data, data + bytes); pages touched before
/// keep their size. A hint: without transparent huge pages nothing changes.
inline void adviseHugePages(void* data, size_t bytes) {
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

/// Memory for `bytes`, huge-page aligned and advised when it spans huge pages; release it with
/// std::free.
inline void* allocateBlock(size_t bytes) {
   void* block;
   if (bytes >= hugePageSize) {
      size_t rounded = (bytes + hugePageSize - 1) & ~(hugePageSize - 1);
      block = std::aligned_alloc(hugePageSize, rounded);
      if (block) adviseHugePages(block, rounded);
   } else {
      block = std::malloc(bytes ? bytes : 1);
   }
   if (!block) throw std::bad_alloc();
   return block;
}

struct FreeBlock {
   void operator()(void* block) const { std::free(block); }
};

/// For std::vector: large arrays get huge pages before they are first written.
template <typename T>
struct HugePageAllocator {
   using value_type = T;
   HugePageAllocator() = default;
   template <typename U>
   HugePageAllocator(const HugePageAllocator<U>&) {}
   T* allocate(size_t count) { return static_cast<T*>(allocateBlock(count * sizeof(T))); }
   void deallocate(T* block, size_t) { std::free(block); }
   template <typename U>
   bool operator==(const HugePageAllocator<U>&) const { return true; }
};

}  // namespace kiln
