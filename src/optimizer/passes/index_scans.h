// A filter on a table scan becomes an index lookup when an index answers some of its conditions.
#pragma once

#include "algebra/operator.h"

namespace kiln {

/// The other conditions stay in a filter above the lookup.
std::unique_ptr<Operator> useIndexes(std::unique_ptr<Operator> op);

}  // namespace kiln
