// A condition as the rewrites take it apart and put it together: a list of conjuncts.
#pragma once

#include <memory>
#include <vector>

#include "algebra/operator.h"

namespace kiln {

/// Appends the conjuncts of `e` (e itself unless an AND) to `out`.
void splitConjuncts(ExprPtr e, std::vector<ExprPtr>& out);

/// The conjuncts of `condition` that are equalities.
std::vector<const Expr*> equalityConjuncts(const Expr& condition);

/// Takes the conjuncts at `positions` out of `conjuncts`, which keeps the others in their order,
/// and returns them as one condition, in the order of `positions`.
ExprPtr takeConjuncts(std::vector<ExprPtr>& conjuncts, const std::vector<size_t>& positions);

/// `op` under a filter of `predicates`, or `op` itself when there are none.
std::unique_ptr<Operator> withFilter(std::unique_ptr<Operator> op, std::vector<ExprPtr> predicates);

}  // namespace kiln
