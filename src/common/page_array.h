// Memory for arrays that grow for as long as they live (a table's columns, its strings, index
// slots): whole pages from the kernel, grown by remapping them, never by copying. A column array
// that realloc had to copy (glibc copies blocks it keeps in its heap) stalled a transaction for
// as long as copying the column took: TPC-C's New-Order waited up to ~50 ms on order_line's
// columns.
//
// Arrays of a huge page and more live in 2 MiB-aligned mappings of whole huge pages, advised for
// transparent huge pages, and move only to aligned addresses (mremap then moves the huge pages
// themselves). A fork() for a snapshot copies one page table entry per 2 MiB of them instead of
// 512, and its cost is about 20 ms per GB with 4 KiB pages. Smaller arrays keep 4 KiB pages: the
// thousands of tiny tables of a test suite would take a huge page each.
#pragma once

#include <cstddef>

namespace kiln {

/// `block` (of `oldBytes`; nullptr and 0 for none) grown to at least `newBytes`, its contents
/// kept; the rest reads as zeros. Throws std::bad_alloc.
void* growPages(void* block, size_t oldBytes, size_t newBytes);
/// Gives back a block of `bytes` from growPages.
void freePages(void* block, size_t bytes);

}  // namespace kiln
