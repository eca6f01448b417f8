// Memory for the large arrays a query builds and drops: hash directories and entries, and
// materialized rows. (A table's arrays, which grow and are not reused, are in page_array.h.)
// - Huge pages: with 4 KiB pages a random probe into a big array misses the TLB as well as the
//   cache, and a page walk costs about as much as the miss itself (more under virtualization).
// - Reuse: a query's hash tables are freed when it ends. Handing their pages back to the kernel
//   means the next query faults them in and zeroes them again (a fifth of TPC-H Q9's time), so
//   freed blocks are kept, up to a bound, for the next one.
#pragma once

#include <cstddef>
#include <memory>

namespace kiln {

inline constexpr size_t hugePageSize = size_t(2) << 20;

/// Asks for huge pages for the whole huge pages inside [data, data + bytes); pages touched before
/// keep their size. A hint: without transparent huge pages nothing changes.
void adviseHugePages(void* data, size_t bytes);

/// Asks the C library's allocator to keep freed memory for reuse (once per process): glibc hands
/// freed blocks of 128 KiB and more back to the kernel, and a query's next run faults the same
/// pages in and zeroes them again (a tenth of TPC-H Q11's time at SF 1).
void keepFreedHeapMemory();

/// Uninitialized memory for `bytes`; give it back with releaseBlock(block, bytes).
void* allocateBlock(size_t bytes);
void releaseBlock(void* block, size_t bytes);
/// Frees the blocks kept for reuse.
void releaseCachedBlocks();

struct BlockDeleter {
   size_t bytes = 0;
   void operator()(char* block) const { releaseBlock(block, bytes); }
};
using Block = std::unique_ptr<char[], BlockDeleter>;
inline Block makeBlock(size_t bytes) { return Block(static_cast<char*>(allocateBlock(bytes)), BlockDeleter{bytes}); }

/// For std::vector: large arrays get their blocks from allocateBlock.
template <typename T>
struct BlockAllocator {
   using value_type = T;
   BlockAllocator() = default;
   template <typename U>
   BlockAllocator(const BlockAllocator<U>&) {}
   T* allocate(size_t count) { return static_cast<T*>(allocateBlock(count * sizeof(T))); }
   void deallocate(T* block, size_t count) { releaseBlock(block, count * sizeof(T)); }
   template <typename U>
   bool operator==(const BlockAllocator<U>&) const {
      return true;
   }
};

}  // namespace kiln
