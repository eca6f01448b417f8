// Sets of IUs as the rewrites use them: the few IUs an operator or predicate reads, in a vector.
#pragma once

#include <algorithm>
#include <vector>

#include "algebra/iu.h"

namespace kiln {

inline bool contains(const std::vector<const IU*>& set, const IU* iu) { return std::find(set.begin(), set.end(), iu) != set.end(); }

inline bool coveredBy(const std::vector<const IU*>& used, const std::vector<const IU*>& available) {
   return std::all_of(used.begin(), used.end(), [&](const IU* iu) { return contains(available, iu); });
}

}  // namespace kiln
