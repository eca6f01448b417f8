// The merge of a parallel hash aggregation's groups on the statement's workers (Leis et al.,
// SIGMOD 2014: partitions merged in parallel). The query's table gets its directory at once,
// sized for all the workers' groups; its buckets are split into as many slices as there are
// partitions, and each partition, one worker's task, merges the workers' groups whose buckets lie
// in its slice, in morsel order, into a table working on that slice alone. No two tasks touch one
// bucket, so no lock is taken, and the chains they make are the query table's. The groups then
// line up in the order of their first rows, as a merge on one thread adds them.
#pragma once

#include "codegen/pipeline_run.h"

namespace kiln {

/// Merges the groups of the workers' tables (`storage` in their states) into the query's, which
/// must be empty, with `mergeGroup` (merge_group: a group into the table of the state it gets).
/// False, having changed nothing, where one thread does it as well: too few groups or threads.
bool mergeGroupsInParallel(QueryRuntime& query, const SinkRows& rows, StateField storage, size_t entrySize,
                           void (*mergeGroup)(void* state, void*, void* partial));

}  // namespace kiln
