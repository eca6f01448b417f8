// RETURNING of INSERT, UPDATE and DELETE: expressions over the values of the rows the statement
// inserts, updates (their new values) or deletes, computed on top of the statement's plan.
#pragma once

#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "parser/statement.h"

namespace kiln {

/// Binds the RETURNING list `targets` over `columns` (the value of each column of `table` as the
/// statement yields it, visible under `tableName`), computes it on top of `plan` and appends it
/// to the plan's output columns. Aggregates (42803), window functions (42P20) and subqueries
/// (0A000) are refused.
Returning bindReturning(PgQuery__Node** targets, size_t count, const Table& table, const std::string& tableName,
                        const std::vector<const IU*>& columns, QueryPlan& plan);

}  // namespace kiln
