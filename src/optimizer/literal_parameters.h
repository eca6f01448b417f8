// The literals of an optimized plan that become its parameters when the plan is cached
// (LiteralSlots): a constant holding a literal nothing pinned is read from the parameters, so that
// the compiled code serves any value of that literal.
#pragma once

#include <vector>

#include "algebra/literal_slots.h"
#include "algebra/operator.h"

namespace kiln {

/// Turns each constant of `plan` holding an unpinned literal into a parameter, numbered after the
/// statement's own; every other constant forgets its literal. The nodes (LiteralSlots::nodes) whose
/// values the new parameters take, in their order.
std::vector<int> liftLiterals(QueryPlan& plan, const LiteralSlots& slots);

}  // namespace kiln
