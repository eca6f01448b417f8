// Memory for arrays that grow for as long as they live (a table's columns): whole pages from the
// kernel, grown by remapping them, never by copying. A column array that realloc had to copy
// (glibc copies blocks it keeps in its heap) stalled a transaction for as long as copying the
// column took: TPC-C's New-Order waited up to ~50 ms on order_line's columns.
#pragma once

#include <cstddef>

namespace kiln {

/// `block` (of `oldBytes`; nullptr and 0 for none) grown to at least `newBytes`, its contents
/// kept; the rest reads as zeros. Throws std::bad_alloc.
void* growPages(void* block, size_t oldBytes, size_t newBytes);
/// Gives back a block of `bytes` from growPages.
void freePages(void* block, size_t bytes);

}  // namespace kiln
