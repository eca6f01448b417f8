// CREATE SEQUENCE and ALTER SEQUENCE: their options checked as PostgreSQL checks them.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "parser/statement.h"

namespace kiln {

CreateSequenceStatement bindCreateSequence(const PgQuery__CreateSeqStmt& create);
AlterSequenceStatement bindAlterSequence(const PgQuery__AlterSeqStmt& alter, const Catalog& catalog);

}  // namespace kiln
