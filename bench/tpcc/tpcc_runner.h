// One `kiln-bench tpcc` run: open the engine, create and populate the tables, run the mix, check
// the consistency conditions.
#pragma once

#include "tpcc_options.h"
#include "tpcc_report.h"

namespace kiln::bench {

/// Throws std::runtime_error when the run cannot start (the database cannot be opened, a table
/// created or loaded, a statement prepared). A statement failing during the run ends the run; the
/// report then says which and how.
TpccReport runTpcc(const TpccOptions& options);

}  // namespace kiln::bench
