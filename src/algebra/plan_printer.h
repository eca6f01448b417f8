// EXPLAIN's tree: one line per operator, indented by depth.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "algebra/operator.h"

namespace kiln {

/// `estimate`, when given, annotates each operator with its expected row count.
std::vector<std::string> printPlan(const QueryPlan& plan, const std::function<double(const Operator&)>& estimate = nullptr);

}  // namespace kiln
