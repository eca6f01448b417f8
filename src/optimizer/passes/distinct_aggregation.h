// Aggregates over DISTINCT values as two aggregations: count(DISTINCT x) ... GROUP BY k becomes
// count(x) ... GROUP BY k over (GROUP BY k, x). f(DISTINCT x) is f over the set of distinct x, and
// the inner grouping makes that set, one row per value, NULL included (which f skips as it would).
// Both aggregations have states that merge, so both run on parallel workers, where DISTINCT's
// per-group sets could not be split. For aggregations whose calls all read the same argument x,
// each DISTINCT or a min/max (the same either way), of functions that do not depend on the order
// of their input.
#pragma once

#include <memory>

#include "algebra/iu.h"
#include "algebra/operator.h"

namespace kiln {

std::unique_ptr<Operator> aggregateDistinctValuesFirst(std::unique_ptr<Operator> op, IUSet& ius);

}  // namespace kiln
