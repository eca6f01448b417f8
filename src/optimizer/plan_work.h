// How much work an optimized plan is expected to do, in rows: what decides whether a query is
// worth a snapshot process of its own or is cheapest run right away in the writer's turn.
#pragma once

#include "algebra/operator.h"

namespace kiln {

/// The rows each operator is expected to produce, plus every row of each table scanned whole.
double estimatedWork(const Operator& root);

}  // namespace kiln
