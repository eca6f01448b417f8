// The value a column takes when an INSERT gives none (or says DEFAULT): its DEFAULT expression,
// the next value of its identity counter, or NULL.
#pragma once

#include "algebra/expression.h"
#include "algebra/iu.h"

namespace kiln {

class Column;

/// The column's default value as an expression of the column's type.
ExprPtr defaultValueOf(Column& column, IUSet& ius);

}  // namespace kiln
