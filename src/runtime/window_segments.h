// Partitions and peer groups of the rows a Window operator materialized: after sorting by
// (PARTITION BY, ORDER BY), each row's header tells the generated code where its partition and
// its peers (rows equal in the ORDER BY keys) begin and end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "runtime/row_buffer.h"

namespace kiln {

/// The start of each window row; positions index the sorted row array, ends are exclusive.
struct WindowRowHeader {
   int64_t partitionStart, partitionEnd;
   int64_t peerStart, peerEnd;
   int64_t peerGroup;  // how many peer groups of the partition come before the row's (dense_rank - 1)
};

using RowCompare = int32_t (*)(const char*, const char*);

/// Sorts the rows by `order` (null: they stay as they are) and fills their headers;
/// `samePartition` and `samePeers` return 0 for two rows of one partition / peer group (null:
/// all rows are one).
void sortWindowRows(RowBuffer& buffer, RowCompare order, RowCompare samePartition, RowCompare samePeers);

using WindowCompute = void (*)(void* state, char** rows, int64_t count);

/// Runs `compute` over the sorted rows: on one thread with `state`, or, for many rows in several
/// partitions and `threads` above one, over stretches of whole partitions that the workers take,
/// each with a state of its own (`workerState(worker)`, asked for on the calling thread) and the
/// headers of its rows counted from the stretch's first row.
void computeWindowRows(RowBuffer& buffer, WindowCompute compute, void* state, size_t threads, const std::function<void*(size_t worker)>& workerState);

}  // namespace kiln
