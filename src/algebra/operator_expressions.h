// Every expression of a plan, for rewrites that look at expressions wherever they are.
#pragma once

#include <functional>

#include "algebra/operator.h"

namespace kiln {

/// Calls `visit` on each expression of `op` and of the operators below it (not on their subexpressions).
void forEachExpression(Operator& op, const std::function<void(ExprPtr&)>& visit);

}  // namespace kiln
