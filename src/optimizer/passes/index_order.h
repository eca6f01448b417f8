// Ordered index lookups do the work of the operators above them: min() or max() of the first free
// index column takes the first (or last) key; ORDER BY that column (then the next ones) needs no
// sort; a LIMIT right above a lookup stops it early.
#pragma once

#include "algebra/operator.h"

namespace kiln {

std::unique_ptr<Operator> useIndexOrder(std::unique_ptr<Operator> op);

}  // namespace kiln
