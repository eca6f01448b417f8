// Statements run in parts, each part's RETURNING rows read by the next as a table:
// - WITH queries that change data: WITH moved AS (DELETE FROM t ... RETURNING *) INSERT INTO
//   archive SELECT * FROM moved. Each INSERT, UPDATE or DELETE in the WITH runs first, in order,
//   and its RETURNING rows stand, for the rest of the statement, as a table of the WITH query's
//   name; then the statement runs.
// - RETURNING with subqueries: the statement returns its rows' values, and a query computes the
//   list over them.
// In PostgreSQL all parts see the tables as they were before the statement: a part that reads a
// table an earlier one changed is refused (0A000) rather than shown the change.
#pragma once

#include <memory>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "engine/database_impl.h"
#include "engine/result_data.h"

namespace kiln {

/// Whether the statement `node` has a WITH holding an INSERT, UPDATE or DELETE.
bool hasModifyingWith(const PgQuery__Node& node);

/// Runs such a statement (its text is `text`) as one: the caller undoes all of it if it fails.
std::shared_ptr<ResultData> runModifyingWith(DatabaseImpl& database, const PgQuery__Node& node, const std::string& text);

/// Whether the statement `node` is an INSERT, UPDATE or DELETE with a subquery in its RETURNING.
bool hasReturningSubquery(const PgQuery__Node& node);
/// Runs such a statement as one, as runModifyingWith.
std::shared_ptr<ResultData> runReturningSubquery(DatabaseImpl& database, const PgQuery__Node& node, const std::string& text);

}  // namespace kiln
