// Testing CHECK constraints against rows already in a table: those COPY appended, and all of
// them when ALTER TABLE adds a constraint or changes a column one reads.
#pragma once

#include <vector>

#include "engine/statement_executor.h"
#include "storage/table.h"

namespace kiln {

/// Runs `checks` over the rows of `table` from `firstRow` on (a compiled plan, as any query).
/// The first row for which one is false fails: 23514 "new row ... violates check constraint"
/// for appended rows (`newRows`), else "check constraint ... is violated by some row".
void validateChecks(Table& table, const std::vector<CheckConstraint>& checks, size_t firstRow, bool newRows, StatementStats& stats);

}  // namespace kiln
