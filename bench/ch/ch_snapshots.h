// What the snapshots of one phase cost, from the engine's counters at its start and at its end.
#pragma once

#include "tpcc_engine.h"

#include <cstdint>
#include <optional>

namespace kiln::bench {

struct PhaseSnapshots {
   uint64_t made = 0;
   double makeMsMean = 0;  // NaN when none was made
   double makeMsMax = 0;   // NaN when none was made
   /// The counters keep one maximum since the database opened: when no snapshot of the phase took
   /// longer than an earlier one, the phase's maximum is only known not to exceed makeMsMax.
   bool makeMsMaxIsBound = false;
   uint64_t queries = 0;  // statements run on a snapshot
   double ageMsMean = 0;  // at query start; NaN when no query ran on one
   uint64_t failures = 0;
};

/// nullopt when the engine runs no query on a snapshot.
std::optional<PhaseSnapshots> snapshotsBetween(const std::optional<SnapshotCounters>& before, const std::optional<SnapshotCounters>& after);

}  // namespace kiln::bench
