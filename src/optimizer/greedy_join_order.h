// Joining relations greedily, the cheapest next join first: for regions too large for dynamic
// programming, or whose relations no predicates connect.
#pragma once

#include "optimizer/cardinality.h"
#include "optimizer/join_region.h"

namespace kiln {

/// Joins relations greedily, the cheapest next join first, preferring pairs that a predicate
/// connects; the smaller side is the build side. Marks the predicates it applies.
std::unique_ptr<Operator> orderGreedily(std::vector<Relation>& relations, std::vector<Predicate>& predicates, const CardinalityEstimator& estimates);

}  // namespace kiln
