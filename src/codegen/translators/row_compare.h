// Generated comparison of two materialized rows by sort keys, for the runtime's sorting (Sort,
// Window) and for finding where runs of equal keys end (Window's partitions and peers).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "algebra/operator.h"
#include "codegen/code_context.h"
#include "common/row_layout.h"

namespace kiln {

/// Generates `int32 compare(row a, row b)`: the keys in turn (each a field of the rows),
/// descending and NULLs placed as each key asks; NULL equals NULL. Returns its name.
std::string generateRowCompare(CodeContext& cx, const std::vector<std::pair<RowLayout::Field, SortKey>>& keys);

}  // namespace kiln
