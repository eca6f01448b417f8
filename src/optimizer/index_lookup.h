// How an index of a table answers conditions on its columns: the conditions of the form `column
// op value`, and the best lookup among the table's indexes (used for filters and for joins).
#pragma once

#include <memory>
#include <vector>

#include "algebra/operator.h"

namespace kiln {

/// Conjuncts `column op value` where value reads no column but those of `outer` (constants,
/// parameters, an outer row's values).
struct ColumnCondition {
   size_t conjunct;
   const IU* column;
   CompareOp op;  // as if the column were on the left
   const Expr* value;
   std::shared_ptr<const Expr> narrowed;  // `value` when the column is widened by a cast (narrowedKey)
};

/// The conjuncts of the form `column op value` (or `CAST(column) op value`, narrowed) among `conjuncts`.
std::vector<ColumnCondition> columnConditions(const std::vector<ExprPtr>& conjuncts, const std::vector<const IU*>& outer);

/// The best ranked index lookup on `scan`'s table that answers some of `conjuncts`, with keys and
/// bounds that read nothing but `outer`'s IUs; the conjuncts it answers move into it. Nullptr if
/// no index helps.
std::unique_ptr<IndexScan> indexLookup(const TableScan& scan, std::vector<ExprPtr>& conjuncts, const std::vector<const IU*>& outer);

}  // namespace kiln
