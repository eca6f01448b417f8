// Predicates go down to the relations they read, and the inner joins of each region (the inner
// joins, filters and semi/anti joins above one another) are ordered by their estimated cost, the
// smaller input of each hash join on its build side. Without it the joins stay as written, over
// cross products where the query lists tables in FROM.
#pragma once

#include "optimizer/cardinality.h"

namespace kiln {

std::unique_ptr<Operator> orderJoins(std::unique_ptr<Operator> root, const CardinalityEstimator& estimates);

}  // namespace kiln
