// SET synchronous_commit: whether this connection's COMMIT waits until its log record is on disk.
// Off, a commit returns once its record is written to the file (a crash of the process loses
// nothing, one of the system may lose the last commits); later synchronous commits sync it too.
#pragma once

#include <string>

#include <pg_query/pg_query.pb-c.h>

namespace kiln {

/// The setting's name as SHOW gives it: on, off, local, remote_write or remote_apply (the last
/// three wait as on does: there are no standbys), from PostgreSQL's forms (true, yes, 1 ... too);
/// DEFAULT and RESET give "on". Throws 22023 for any other value.
std::string synchronousCommitSetting(const PgQuery__VariableSetStmt& set);

}  // namespace kiln
