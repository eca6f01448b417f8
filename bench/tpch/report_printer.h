// The human-readable report of a TPC-H run.
#pragma once

#include "tpch_report.h"

#include <cstdio>

namespace kiln::bench {

/// Machine, commit, settings, load times, the per-query table, totals and energy; then every wrong
/// answer with its differences, loudly.
void printReport(const TpchReport& report, std::FILE* out);

}  // namespace kiln::bench
