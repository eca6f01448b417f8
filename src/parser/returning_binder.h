// RETURNING of INSERT, UPDATE and DELETE: expressions over the values of the rows the statement
// inserts, updates (their new values) or deletes, and of the rows of UPDATE's FROM and DELETE's
// USING tables they were joined with, computed on top of the statement's plan.
#pragma once

#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "parser/scope.h"
#include "parser/statement.h"

namespace kiln {

/// Binds the RETURNING list `targets` over the names of `scope` (the values as the statement
/// yields them), computes it on top of `plan` and appends it to the plan's output columns.
/// Aggregates (42803), window functions (42P20) and subqueries (0A000) are refused. With
/// `onlyWhere` (a boolean of the plan), values are computed only for the rows where it is true:
/// the others are not returned, and must not fail.
Returning bindReturning(PgQuery__Node** targets, size_t count, const Scope& scope, QueryPlan& plan, const IU* onlyWhere = nullptr);

/// The names of one table's columns, visible under `tableName`, whose values are `columns`.
Scope tableScope(const Table& table, const std::string& tableName, const std::vector<const IU*>& columns);

}  // namespace kiln
