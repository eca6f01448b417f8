// The literals of an optimized plan that become its parameters when the plan is cached
// (LiteralSlots): a constant holding a literal nothing pinned is read from the parameters, so that
// the compiled code serves any value of that literal.
#pragma once

#include <vector>

#include "algebra/literal_slots.h"
#include "algebra/operator.h"

namespace kiln {

/// Turns each constant of `plan` holding an unpinned literal into a parameter, numbered after the
/// statement's own; every other constant forgets its literal. A LIKE pattern's literal is pinned
/// instead: its code is made for the pattern (a parameter's pattern is read on every row). The
/// nodes (LiteralSlots::nodes) whose values the new parameters take, in their order.
std::vector<int> liftLiterals(QueryPlan& plan, LiteralSlots& slots);

}  // namespace kiln
