// Eager aggregation (Yan & Larson): an aggregate over a join whose aggregates read only one side
// R of it, joined on equalities alone, first aggregates R by its join keys; the join then meets
// one row per key instead of every R row, and the aggregate above combines the partial results
// (sum of counts, min of mins, ...). Worth it when R has many rows per key: TPC-H Q13 counts
// 1.5M orders per customer key before joining 150,000 customers.
#pragma once

#include "optimizer/cardinality.h"

namespace kiln {

std::unique_ptr<Operator> aggregateEagerly(std::unique_ptr<Operator> op, IUSet& ius, const CardinalityEstimator& estimates);

}  // namespace kiln
