// INSERT ... ON CONFLICT: the arbiter indexes, and for DO UPDATE the new values of the rows that
// hold a proposed row's key, computed in the insert's plan: the proposed rows are left-joined
// with the table on the arbiter's key.
#pragma once

#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "parser/statement.h"

namespace kiln {

/// Binds `clause` for an insert into `table` (visible as `tableName`) whose plan yields the
/// proposed value of each column in `proposed`. For DO UPDATE, extends the plan as OnConflict
/// describes and sets `returned` to the value each column has after the statement (the proposed
/// one, or the updated row's), for RETURNING. With `returning`, sets `returnsRow` to a boolean
/// the plan computes: whether the row is inserted or updated, so that RETURNING is computed for
/// those rows only (null when that is every row).
OnConflict bindOnConflict(const PgQuery__OnConflictClause& clause, Table& table, const std::string& tableName, const std::vector<const IU*>& proposed,
                          bool returning, QueryPlan& plan, std::vector<const IU*>& returned, const IU*& returnsRow, const Catalog& catalog);

}  // namespace kiln
