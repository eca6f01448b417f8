// The column one item of a SET list (UPDATE, INSERT ... ON CONFLICT DO UPDATE) assigns.
#pragma once

#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "storage/table.h"

namespace kiln {

/// The column `target` names in `table`: 42703 for an unknown one, 42601 for one among
/// `assignedBefore`, 0A000 for an assignment to part of a column.
size_t assignedColumn(const PgQuery__ResTarget& target, const Table& table, const std::vector<size_t>& assignedBefore);

/// The value `target` assigns: its own expression, or for one column of SET (a, b) = source,
/// its element of a ROW, or, for a sub-SELECT, the MultiAssignRef itself, which the expression
/// binder binds (all its columns from one subquery).
const PgQuery__Node* assignedValue(const PgQuery__ResTarget& target);

bool isDefault(const PgQuery__Node& value);

/// 428C9 when `column` is an identity column GENERATED ALWAYS and `value` (of `target`) is not DEFAULT.
void checkAssignable(const PgQuery__ResTarget& target, const Column& column, const PgQuery__Node& value);

}  // namespace kiln
