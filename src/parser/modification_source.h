// What UPDATE and DELETE change: the rows of the target table that WHERE keeps, joined with the
// tables of UPDATE's FROM or DELETE's USING, as a query yielding each row's new values and id.
#pragma once

#include <memory>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "parser/scope.h"
#include "parser/statement.h"

namespace kiln {

struct ModificationSource {
   /// SELECT values..., <row id> FROM relation, otherTables... WHERE where. With other tables, a
   /// row id may come several times (once per matching row of the others).
   std::unique_ptr<QueryPlan> plan;
   std::vector<const IU*> tableColumns;  // the scan's value of each column of the target table
   Scope scope;                          // the names the FROM items make visible, for RETURNING
};

/// `values` are bound as a select list whose literals take the types of `targetColumns`; the
/// queries of `with` (may be null) are visible to them, to WHERE and to the other tables.
ModificationSource bindModificationSource(const PgQuery__WithClause* with, const PgQuery__RangeVar& relation, PgQuery__Node* const* otherTables,
                                          size_t otherTableCount, const PgQuery__Node* where, const std::vector<const PgQuery__Node*>& values,
                                          const std::vector<ColumnInfo>& targetColumns, const Table& table, const Catalog& catalog,
                                          const std::vector<SqlType>& parameterTypes);

}  // namespace kiln
