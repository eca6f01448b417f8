// The cheapest bushy join tree of a region by dynamic programming over its connected subsets.
#pragma once

#include "optimizer/cardinality.h"
#include "optimizer/join_region.h"

namespace kiln {

/// The cheapest bushy join tree by dynamic programming over connected subsets (cost: the
/// intermediate results plus the hashed rows); nullptr when the relations are not connected by
/// predicates (then the greedy order decides). Marks the predicates it applies.
std::unique_ptr<Operator> orderByDynamicProgramming(std::vector<Relation>& relations, std::vector<Predicate>& predicates,
                                                    const CardinalityEstimator& estimates);

}  // namespace kiln
