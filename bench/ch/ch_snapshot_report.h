// The report's sections on snapshots: what phase 2's snapshots cost, and each query's latency in
// phase 2 beside its latency on a quiescent database.
#pragma once

#include "ch_report.h"
#include "json_writer.h"

#include <cstdio>

namespace kiln::bench {

void printSnapshots(const ChReport& report, std::FILE* out);
/// `label` marks estimated energy.
void printQuiescentComparison(const ChReport& report, const char* label, std::FILE* out);
/// The values of the JSON members "snapshots" and "quiescent" (null when absent).
void writeSnapshotsJson(JsonWriter& json, const ChReport& report);
void writeQuiescentJson(JsonWriter& json, const ChReport& report);

}  // namespace kiln::bench
