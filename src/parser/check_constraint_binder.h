// CHECK constraints: checking and naming them where a table gets them (CREATE TABLE, ALTER TABLE
// ... ADD), and binding them over a new row's values in the plans of INSERT, UPDATE and
// ALTER TABLE. The catalog keeps each one's expression as SQL text over the bare column names.
#pragma once

#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "parser/statement.h"

namespace kiln {

/// A CHECK as written: its name (empty: one is chosen) and expression.
struct CheckDefinition {
   std::string name;
   const PgQuery__Node* expression = nullptr;
   int position = 0;
};

/// The constraints `definitions` make for the table `tableName` of `columns`, each checked (a
/// boolean expression over the columns, without subqueries, aggregates or window functions)
/// and named as PostgreSQL names them: table_column_check when it reads one column, else
/// table_check, with a number added when the name is taken (by `existing` or elsewhere in the
/// catalog). 42710 for a name the table already has.
std::vector<CheckConstraint> bindCheckDefinitions(const std::vector<CheckDefinition>& definitions, const std::string& tableName,
                                                  const std::vector<ColumnInfo>& columns, const std::vector<CheckConstraint>& existing, const Catalog& catalog);

/// bindCheckDefinitions for constraints given as SQL text (`sql` of each; `name` empty: to be
/// chosen), added to `table` as it is now (ALTER TABLE).
std::vector<CheckConstraint> bindCheckTexts(const std::vector<CheckConstraint>& written, const Table& table, const Catalog& catalog);

/// The table's CHECK expressions over a row whose column values are `row` (one IU per column),
/// computed by a Map put on top of the plan's root and yielded after its columns.
Checks yieldChecks(const Table& table, const std::vector<const IU*>& row, QueryPlan& plan);
/// The same for the constraints `checks` of the table.
Checks yieldChecks(const Table& table, const std::vector<CheckConstraint>& checks, const std::vector<const IU*>& row, QueryPlan& plan);

/// A check's expression with column `from` called `to`.
std::string renameColumnInCheck(const std::string& sql, const std::string& from, const std::string& to);

/// Whether a check's expression reads column `column`.
bool checkReadsColumn(const std::string& sql, const std::string& column);

}  // namespace kiln
