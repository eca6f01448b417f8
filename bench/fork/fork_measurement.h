// What a snapshot costs on one loaded database: the fork() itself, and the writer's first writes
// to pages a live child shares (copy-on-write).
#pragma once

#include "fork_databases.h"
#include "process_memory.h"

#include <vector>

namespace kiln::bench {

struct ForkMeasurement {
   ProcessMemory memory;            // after loading
   std::vector<double> forkMs;      // fork() in the parent, a run each
   std::vector<double> updateUsAlone;      // mean time per update with no child, a round each
   std::vector<double> updateUsShared;     // ... with a child alive since just before the round
   std::vector<double> faultsPerUpdateAlone;  // minor page faults per update
   std::vector<double> faultsPerUpdateShared;
   std::vector<double> forkMsAfterUpdates;  // fork() once the rounds wrote to shared pages
   ProcessMemory memoryAfterUpdates;
};

/// `runs` forks, then `runs` rounds of `updates` single-row updates evenly spread over the
/// database's rows, each without a child and then with one.
ForkMeasurement measureFork(ForkDatabase& database, int runs, int updates);

double medianOfRuns(std::vector<double> values);

}  // namespace kiln::bench
