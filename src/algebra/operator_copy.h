// A copy of an operator tree that computes the same rows into IUs of its own, so that it can sit
// in the same plan as the original (the domain of a correlated subquery's outer values).
#pragma once

#include <unordered_map>

#include "algebra/operator.h"

namespace kiln {

/// The copy of `op`, whose IUs are new ones from `ius`; `renamed` maps each IU of `op`'s output
/// to the copy's. Null when `op` reads IUs it does not produce (it is correlated), or holds an
/// operator that cannot be computed twice (a WITH RECURSIVE's).
std::unique_ptr<Operator> copyWithOwnIUs(const Operator& op, IUSet& ius, std::unordered_map<const IU*, const IU*>& renamed);

}  // namespace kiln
