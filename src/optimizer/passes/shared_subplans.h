// A subplan a query computes more than once (a view or CTE it names twice, a subquery that
// repeats the outer query's join) is computed once into a buffer that each use scans.
#pragma once

#include <memory>

#include "algebra/operator.h"
#include "optimizer/cardinality.h"

namespace kiln {

/// Finds subtrees that compute the same (alike operator by operator, modulo the IUs they make)
/// and shares those whose work outweighs buffering their result: a WithShared above `root`
/// computes each once, SharedScans take the place of its uses. Runs after predicate pushdown,
/// so a use whose own filters went into its copy (the copy is cheaper inlined) is no longer alike.
std::unique_ptr<Operator> shareRepeatedSubplans(std::unique_ptr<Operator> root, const CardinalityEstimator& estimates);

}  // namespace kiln
