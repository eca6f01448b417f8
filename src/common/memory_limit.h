// The memory this process may hold (SET memory_limit): a statement that would take more fails
// with 53200 and changes nothing, instead of the kernel's out-of-memory killer ending the process.
// Checked where large blocks are taken (a table's column arrays and string chunks, a query's hash
// tables and materialized rows): the process's own resident memory (not the pages of files it
// maps, which the kernel may drop) plus the new block must stay within the limit. Resident memory
// rather than a count of kiln's own arrays: it is what the kernel goes by, it sees the heap and the
// compiled code, and a column's reserved but untouched tail does not count.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kiln {

/// Blocks from this size on are checked; smaller ones are too many to look at each.
inline constexpr size_t checkedBlockBytes = size_t(2) << 20;

/// The limit in bytes, for the whole process; 0 for none.
uint64_t memoryLimit();
void setMemoryLimit(uint64_t bytes);
/// Four fifths of the memory this process may use: the machine's, or its cgroup's memory.max.
uint64_t defaultMemoryLimit();

/// Throws 53200 when `bytes` more would take the process past the limit, after giving back
/// what it keeps only for reuse (freed query blocks, the C heap's free pages).
void checkMemoryFor(size_t bytes);

}  // namespace kiln
