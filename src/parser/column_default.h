// The value a column takes when an INSERT gives none (or says DEFAULT): its DEFAULT expression,
// the next value of its identity counter, or NULL.
#pragma once

#include "algebra/expression.h"
#include "algebra/iu.h"

namespace kiln {

class Catalog;
class Column;

/// The column's default value as an expression of the column's type (sequences it names are
/// found in `catalog`).
ExprPtr defaultValueOf(Column& column, IUSet& ius, const Catalog& catalog);

}  // namespace kiln
