// A stable sort of row pointers on the statement's threads (SET threads): contiguous runs sorted
// by the workers, then merged pairwise, each merge split at merge-path points so that every worker
// has a share of it too. Runs that keep their input order and merges that take the earlier run's
// row first on ties give exactly std::stable_sort's order, whatever the number of workers. Also
// the first rows of that order alone, for a sort under a LIMIT.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/row_buffer.h"

namespace kiln {

/// Sorts `rows` by `compare` (negative: a before b), stably, on up to `threads` threads.
void stableSortRows(RowBuffer::RowPointers& rows, int32_t (*compare)(const char*, const char*), size_t threads);

/// Keeps the first `keep` rows of that stable order, in order (ORDER BY ... LIMIT): each thread
/// picks the first `keep` of a run of the rows with a heap, ties broken by position, and the
/// runs' picks are sorted together. The same rows for any number of threads, and the same as a
/// full sort's first rows.
void stableTopRows(RowBuffer::RowPointers& rows, int32_t (*compare)(const char*, const char*), size_t keep, size_t threads);

}  // namespace kiln
