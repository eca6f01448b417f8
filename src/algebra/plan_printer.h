// EXPLAIN's tree: one line per operator, indented by depth.
#pragma once

#include <string>
#include <vector>

#include "algebra/operator.h"

namespace kiln {

std::vector<std::string> printPlan(const QueryPlan& plan);

}  // namespace kiln
