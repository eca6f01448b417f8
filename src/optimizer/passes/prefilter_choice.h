// Where rows are dropped before they enter a pipeline, at a fraction of their cost: a scan tests
// the comparisons of the filter right above it on blocks of rows (Filter::prefilterInScan), and
// the scan whose rows probe a hash join tests their keys against a bitmap of the build side's
// (Join::probeKeyBitmap). Either tests each row twice where it passes, so only where most fail.
#pragma once

#include "optimizer/cardinality.h"

namespace kiln {

/// The largest share of its rows a prefilter may be expected to pass: where about half pass, the
/// second test of each passing row costs more than the dropped rows save (bench/notes.md).
constexpr double prefilterMaxPassingShare = 0.4;

void choosePrefilters(Operator& op, const CardinalityEstimator& estimates);

}  // namespace kiln
