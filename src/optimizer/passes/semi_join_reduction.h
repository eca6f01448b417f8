// Semi-join reduction of a decorrelated subquery (Neumann & Kemper's domain): when a join matches
// a grouped aggregate on its group keys and the other side's keys come from a small (filtered)
// table, the aggregate's input is first cut down to the rows whose keys occur there. TPC-H Q17
// then averages the lineitems of a few hundred parts, not of all 200,000.
#pragma once

#include "optimizer/cardinality.h"

namespace kiln {

std::unique_ptr<Operator> reduceAggregatesToDomain(std::unique_ptr<Operator> op, const CardinalityEstimator& estimates);

}  // namespace kiln
