#include "ch_snapshots.h"

#include <limits>

namespace kiln::bench {

namespace {

constexpr double notANumber = std::numeric_limits<double>::quiet_NaN();

double mean(double total, uint64_t count) { return count ? total / double(count) : notANumber; }

}  // namespace

std::optional<PhaseSnapshots> snapshotsBetween(const std::optional<SnapshotCounters>& before, const std::optional<SnapshotCounters>& after) {
   if (!before || !after) return std::nullopt;
   PhaseSnapshots phase;
   phase.made = after->made - before->made;
   phase.makeMsMean = mean(after->makeMsTotal - before->makeMsTotal, phase.made);
   phase.makeMsMax = phase.made ? after->makeMsMax : notANumber;
   phase.makeMsMaxIsBound = phase.made && before->made && after->makeMsMax <= before->makeMsMax;
   phase.queries = after->queries - before->queries;
   phase.ageMsMean = mean(after->ageMsTotal - before->ageMsTotal, phase.queries);
   phase.failures = after->failures - before->failures;
   return phase;
}

}  // namespace kiln::bench
