// Whether a plan is well formed, as far as the algebra tells cheaply: each operator has the
// children its kind needs, its expressions read only IUs its inputs produce (column references of
// their IUs' types), conditions are Boolean, the two sides of a join produce different IUs, a
// shared or working-table scan lies inside what it reads, and the root produces the result's
// columns. Tests run it after every optimizer pass.
#pragma once

#include "algebra/operator.h"

namespace kiln {

/// Throws XX000 naming `after` (the pass that made the plan) and what is wrong.
void checkPlan(const QueryPlan& plan, const char* after);

}  // namespace kiln
