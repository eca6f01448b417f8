// An equality between a column widened by a cast and a value (`CAST(k AS numeric) = $1`, as a
// parameter of a DECIMAL(10,2) key compares) is still a key an index on the column answers: the
// value converted back to the column's type where that is exact, and no key at all (NULL, which
// matches nothing) where it is not (3.005, or a number past the column's range).
#pragma once

#include <optional>

#include "algebra/expression.h"

namespace kiln {

struct NarrowedKey {
   const IU* column;
   ExprPtr value;  // of the column's type; NULL when no value of that type equals it
};

/// For `cast` = CAST(column AS wider type) where every value of the column keeps its value and
/// order in the wider type (integers and decimals), the column and `value` narrowed to its type;
/// nullopt for any other expression.
std::optional<NarrowedKey> narrowedKey(const Expr& cast, const Expr& value);

}  // namespace kiln
