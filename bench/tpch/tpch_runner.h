// Runs TPC-H: data (generated when missing), loading, a warm-up and timed runs per query, answer
// checks and energy.
#pragma once

#include "tpch_report.h"

namespace kiln::bench {

/// Throws std::runtime_error when the data cannot be generated or loaded; a query that fails is
/// recorded in the report instead.
TpchReport runTpch(const TpchOptions& options);

}  // namespace kiln::bench
