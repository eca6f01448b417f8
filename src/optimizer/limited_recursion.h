// A LIMIT that reads a WITH RECURSIVE query's rows as they are made lets the recursion stop once
// it has made enough: PostgreSQL evaluates it lazily, so such queries end even when the
// recursion alone would not (WITH RECURSIVE r(n) AS (... SELECT n + 1 FROM r) SELECT * FROM r LIMIT 3).
#pragma once

#include "algebra/operator.h"

namespace kiln {

/// Sets RecursiveUnion::rowsRead for each RecursiveUnion below a Limit with only Maps between.
void limitRecursions(Operator& root);

}  // namespace kiln
