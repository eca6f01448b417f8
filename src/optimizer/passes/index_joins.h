// An inner join of a small input with a (filtered) table scan becomes an index nested-loop join
// when an index of the table answers the join's equalities: a lookup per row of the small input
// instead of scanning the table. So does a left outer join with the table on the right when the
// lookup answers all of its conditions (a condition left over could not drop the matches without
// dropping the row). Runs before index_scans, which would otherwise turn the table's own filter
// into a lookup of its own.
#pragma once

#include "optimizer/cardinality.h"

namespace kiln {

std::unique_ptr<Operator> useIndexJoins(std::unique_ptr<Operator> op, const CardinalityEstimator& estimates);

}  // namespace kiln
