// ALTER TABLE: ADD COLUMN, DROP COLUMN, ALTER COLUMN SET/DROP DEFAULT and SET/DROP NOT NULL,
// RENAME [COLUMN] and RENAME TO. Other forms are refused
// with 0A000 before anything changes.
#pragma once

#include "parser/statement.h"

namespace kiln {

AlterTableStatement bindAlterTable(const PgQuery__AlterTableStmt& alter, const Catalog& catalog);
AlterTableStatement bindRename(const PgQuery__RenameStmt& rename, const Catalog& catalog);

}  // namespace kiln
