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

}  // namespace kiln
