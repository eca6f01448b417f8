// Semantic analysis of UPDATE (SET column = value | DEFAULT, SET (a, b) = (row | sub-SELECT),
// FROM other tables) and DELETE (USING other tables), both with WHERE and RETURNING.
#pragma once

#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "parser/statement.h"

namespace kiln {

UpdateStatement bindUpdate(const PgQuery__UpdateStmt& update, Table& table, const Catalog& catalog, const std::vector<SqlType>& parameterTypes);
DeleteStatement bindDelete(const PgQuery__DeleteStmt& remove, Table& table, const Catalog& catalog, const std::vector<SqlType>& parameterTypes);

}  // namespace kiln
