// EXPLAIN's tree: one line per operator, indented by depth.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "algebra/operator.h"

namespace kiln {

/// `annotate`, when given, adds a note to each operator's line (estimated and actual rows).
std::vector<std::string> printPlan(const QueryPlan& plan, const std::function<std::string(const Operator&)>& annotate = nullptr);

}  // namespace kiln
