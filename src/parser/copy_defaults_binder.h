// COPY ... FROM with a column list: the DEFAULT values of the columns it leaves out, as INSERT
// gives them (column_default.h): constants once, the rest by a small plan the executor runs.
#pragma once

#include <vector>

#include "parser/statement.h"

namespace kiln {

/// The defaults of the columns of `table` not in `listed`; no columns when none of those has a
/// DEFAULT (then they are simply NULL).
CopyDefaults bindCopyDefaults(Table& table, const std::vector<size_t>& listed, const Catalog& catalog);

}  // namespace kiln
