// Partitions and peer groups of the rows a Window operator materialized: after sorting by
// (PARTITION BY, ORDER BY), each row's header tells the generated code where its partition and
// its peers (rows equal in the ORDER BY keys) begin and end.
#pragma once

#include <cstdint>

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

}  // namespace kiln
