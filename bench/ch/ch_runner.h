// One `kiln-bench ch` run: open the engine, create and populate the CH-benCHmark database, run
// OLTP alone, then OLTP beside the OLAP streams, then the queries alone (the quiescent phase), and
// check consistency on the live database.
#pragma once

#include "ch_options.h"
#include "ch_report.h"

namespace kiln::bench {

/// Throws std::runtime_error when the run cannot start (the database cannot be opened, a table
/// created or loaded, a transaction's statement prepared). A statement of a transaction failing
/// ends the run; the report then says which and how. A query failing is recorded with the query.
ChReport runCh(const ChOptions& options);

}  // namespace kiln::bench
