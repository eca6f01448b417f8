// A comparison between a column widened by a cast and a value (`CAST(k AS numeric) = $1`, as a
// parameter of a DECIMAL(10,2) key compares) is still a key or a bound an index on the column
// answers. An equality's key is the value converted back to the column's type where that is
// exact, and no key at all (NULL, which matches nothing) where it is not (3.005, or a number past
// the column's range). A range's bound is the nearest value of the column's type on the right side
// (k < 3.005 is k <= 3.00, k > 3.005 is k >= 3.01), the column's extreme where the value lies past
// it (every row), and NULL where no value of the column is on the right side (no row).
#pragma once

#include <optional>

#include "algebra/expression.h"

namespace kiln {

struct NarrowedKey {
   const IU* column;
   CompareOp op;   // Eq for an equality; Le or Ge for a range's bound
   ExprPtr value;  // of the column's type; NULL when no value of that type qualifies
};

/// For `cast op value` (op one of = < <= > >=), `cast` = CAST(column AS wider type) where every
/// value of the column keeps its value and order in the wider type (integers and decimals): the
/// same condition as `column op' narrowed value`; nullopt for any other expression.
std::optional<NarrowedKey> narrowedKey(const Expr& cast, CompareOp op, const Expr& value);

}  // namespace kiln
