// An outer, semi or anti join hashes its left side when that is the smaller (the left side is
// then marked by the right side's probes and read back).
#pragma once

#include "optimizer/cardinality.h"

namespace kiln {

void chooseJoinBuildSides(Operator& op, const CardinalityEstimator& estimates);

}  // namespace kiln
