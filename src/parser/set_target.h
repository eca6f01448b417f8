// The column one item of a SET list (UPDATE, INSERT ... ON CONFLICT DO UPDATE) assigns.
#pragma once

#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "storage/table.h"

namespace kiln {

/// The column `target` names in `table`: 42703 for an unknown one, 42601 for one among
/// `assignedBefore`, 0A000 for an assignment to part of a column.
size_t assignedColumn(const PgQuery__ResTarget& target, const Table& table, const std::vector<size_t>& assignedBefore);

}  // namespace kiln
