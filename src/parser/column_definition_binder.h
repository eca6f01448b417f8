// A column's definition (name, type, constraints, DEFAULT or identity), as CREATE TABLE and
// ALTER TABLE ... ADD COLUMN give it.
#pragma once

#include <string>

#include "parser/check_constraint_binder.h"
#include "parser/statement.h"

namespace kiln {

struct ColumnDefinition {
   ColumnInfo column;
   ColumnDefault columnDefault;
   int primaryKeyPosition = 0;  // PRIMARY KEY: where it was said (1-based), else 0
   bool unique = false;
   std::string primaryKeyName, uniqueName;  // CONSTRAINT name PRIMARY KEY / UNIQUE, else empty
   std::vector<CheckDefinition> checks;  // bound once all columns are known
   std::vector<const PgQuery__Constraint*> references;  // REFERENCES, bound once all columns are known
};

/// The SQL text of a DEFAULT for `column`, once it is known to be a value of the column's type that
/// reads no column, no subquery and no aggregate.
std::string checkedDefault(const PgQuery__Node& expression, const ColumnInfo& column, const Catalog& catalog);

/// Throws 0A000 for a constraint kiln does not have (DEFERRABLE, ...).
ColumnDefinition bindColumnDefinition(const PgQuery__ColumnDef& def, const std::string& tableName, const Catalog& catalog);

}  // namespace kiln
