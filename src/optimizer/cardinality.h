// Cardinality estimates for the optimizer's choices.
#pragma once

#include "algebra/operator.h"

namespace kiln {

/// The fraction of tuples for which `predicate` is expected to hold.
double selectivity(const Expr& predicate);

/// Rows an operator is expected to produce.
double estimateRows(const Operator& op);

}  // namespace kiln
