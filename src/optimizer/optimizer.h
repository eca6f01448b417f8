// Rewrites a bound plan into one worth running: predicates pushed down to the relations they
// read, inner joins reordered into hash joins with the smaller input on the build side, a
// subplan used more than once computed once.
#pragma once

#include "algebra/operator.h"

namespace kiln {

void optimize(QueryPlan& plan);

}  // namespace kiln
