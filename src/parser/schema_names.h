// Schema-qualified names: kiln has one schema, public, where every table, view and sequence is.
// A name in another schema (or another database) names nothing, as PostgreSQL says it would.
#pragma once

#include <string>

#include <pg_query/pg_query.pb-c.h>

namespace kiln {

/// Checks every relation `statement` names: one in a schema other than public is 3F000 when the
/// statement creates, changes or indexes it (schema "s" does not exist) and 42P01 when it reads
/// or writes it (relation "s.t" does not exist); one in another database is 0A000.
void checkSchemas(const PgQuery__Node& statement);

/// Whether a qualified name (DROP's list of names) lies in public: throws 3F000 for another
/// schema unless `missingOk` (DROP ... IF EXISTS), which gets false.
bool inPublicSchema(const PgQuery__List& names, bool missingOk);

/// CREATE SCHEMA: of public, which exists, nothing to do (IF NOT EXISTS) or 42P06; of another
/// schema 0A000 (not supported yet), with PostgreSQL's 42939 for a reserved pg_ name first.
void checkCreateSchema(const PgQuery__CreateSchemaStmt& create);

/// DROP SCHEMA: public cannot go (0A000); another schema does not exist (3F000, nothing to do with
/// IF EXISTS).
void checkDropSchema(const PgQuery__DropStmt& drop);

}  // namespace kiln
