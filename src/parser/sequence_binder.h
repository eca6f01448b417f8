// CREATE SEQUENCE and ALTER SEQUENCE: their options checked as PostgreSQL checks them.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "parser/statement.h"

namespace kiln {

CreateSequenceStatement bindCreateSequence(const PgQuery__CreateSeqStmt& create);
AlterSequenceStatement bindAlterSequence(const PgQuery__AlterSeqStmt& alter, const Catalog& catalog);
/// The first value of an identity column of `columnType` with the sequence options of
/// GENERATED ... AS IDENTITY (...), checked as PostgreSQL checks them; 0A000 for what kiln's
/// identity counter cannot do (an increment other than 1, bounds, CYCLE, a SEQUENCE NAME).
int64_t identityStart(PgQuery__Node* const* options, size_t count, TypeId columnType);

}  // namespace kiln
