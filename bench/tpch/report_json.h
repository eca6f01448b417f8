// The JSON form of a TPC-H run (--json FILE), for plot.py, bench/compare and other tools.
#pragma once

#include "tpch_report.h"

#include <ostream>

namespace kiln::bench {

/// {benchmark, engine, engine_version, machine, commit, settings, data_dir, energy_source,
///  energy_label ("estimated" or "measured"), energy_description, notes, load, load_ms, total_ms,
///  total_energy_j, queries_per_hour_per_watt, queries: [{query, median_ms, min_ms, max_ms, compile_ms,
///  execute_ms, rows, correct, energy_j, error?}]}. Times of a failed query are null.
void writeReportJson(const TpchReport& report, std::ostream& out);

}  // namespace kiln::bench
