#include "common/page_array.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

namespace kiln {

namespace {

size_t roundToPages(size_t bytes) {
   static const size_t page = size_t(sysconf(_SC_PAGESIZE));
   return (bytes + page - 1) / page * page;
}

}  // namespace

void* growPages(void* block, size_t oldBytes, size_t newBytes) {
   size_t had = block ? roundToPages(oldBytes) : 0, wanted = roundToPages(newBytes);
   if (wanted <= had) return block;
   void* grown = block ? mremap(block, had, wanted, MREMAP_MAYMOVE) : mmap(nullptr, wanted, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (grown == MAP_FAILED) throw std::bad_alloc();
   return grown;
}

void freePages(void* block, size_t bytes) {
   if (block) munmap(block, roundToPages(bytes));
}

}  // namespace kiln
