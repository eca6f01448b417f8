#include "common/page_array.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <new>

#include "common/memory_blocks.h"
#include "common/memory_limit.h"

namespace kiln {

namespace {

size_t roundUp(size_t bytes, size_t unit) { return (bytes + unit - 1) / unit * unit; }

/// The bytes a block of `bytes` maps: whole huge pages from one huge page on, else whole pages.
size_t mappedBytes(size_t bytes) {
   static const size_t page = size_t(sysconf(_SC_PAGESIZE));
   return bytes >= hugePageSize ? roundUp(bytes, hugePageSize) : roundUp(bytes, page);
}

void* checked(void* mapping) {
   if (mapping == MAP_FAILED) throw std::bad_alloc();
   return mapping;
}

/// A mapping of `bytes` (whole huge pages) at a huge page boundary: mapped a huge page larger,
/// then trimmed at both ends.
void* mapAligned(size_t bytes, int protection) {
   auto* raw = static_cast<char*>(checked(mmap(nullptr, bytes + hugePageSize, protection, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)));
   char* aligned = reinterpret_cast<char*>(roundUp(reinterpret_cast<uintptr_t>(raw), hugePageSize));
   if (aligned > raw) munmap(raw, size_t(aligned - raw));
   munmap(aligned + bytes, size_t(raw + hugePageSize - aligned));
   return aligned;
}

void* mapHugePages(size_t bytes) {
   void* block = mapAligned(bytes, PROT_READ | PROT_WRITE);
   madvise(block, bytes, MADV_HUGEPAGE);
   return block;
}

/// Grows a block of whole huge pages: in place when the addresses after it are free, else moved
/// to an aligned place, so its huge pages move whole.
void* growHugePages(void* block, size_t had, size_t wanted) {
   void* grown = mremap(block, had, wanted, 0);
   if (grown != MAP_FAILED) return grown;
   void* target = mapAligned(wanted, PROT_NONE);
   grown = mremap(block, had, wanted, MREMAP_MAYMOVE | MREMAP_FIXED, target);
   if (grown == MAP_FAILED) munmap(target, wanted);
   return checked(grown);
}

}  // namespace

void* growPages(void* block, size_t oldBytes, size_t newBytes) {
   size_t had = block ? mappedBytes(oldBytes) : 0, wanted = mappedBytes(newBytes);
   if (wanted <= had) return block;
   if (wanted >= checkedBlockBytes) checkMemoryFor(wanted - had);
   if (wanted < hugePageSize)
      return checked(block ? mremap(block, had, wanted, MREMAP_MAYMOVE) : mmap(nullptr, wanted, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
   if (had >= hugePageSize) return growHugePages(block, had, wanted);
   // From 4 KiB pages to huge ones: copied (less than a huge page), since remapped 4 KiB pages
   // would stay 4 KiB pages.
   void* grown = mapHugePages(wanted);
   if (block) {
      std::memcpy(grown, block, oldBytes);
      munmap(block, had);
   }
   return grown;
}

void freePages(void* block, size_t bytes) {
   if (block) munmap(block, mappedBytes(bytes));
}

}  // namespace kiln
