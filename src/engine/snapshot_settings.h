// SET snapshot_reads, snapshot_min_rows and snapshot_max_age (where a connection's read-only
// statements run: see SnapshotReads) and default_transaction_read_only, read as PostgreSQL
// reads settings of their kinds; RESET and DEFAULT give the defaults.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include <cstdint>
#include <string>

#include "engine/session_settings.h"

namespace kiln {

/// auto, on or off (on and off also as true/false, yes/no, 1/0); 22023 for anything else.
SnapshotReads snapshotReadsSetting(const PgQuery__VariableSetStmt& set);
const char* snapshotReadsText(SnapshotReads reads);

/// snapshot_min_rows: a whole number of rows, 0 .. 2^53; 22023 for anything else.
int64_t snapshotMinRowsSetting(const PgQuery__VariableSetStmt& set);

/// A boolean setting `name` (on/off, true/false, yes/no, 1/0); 22023 for anything else.
bool booleanSetting(const PgQuery__VariableSetStmt& set, const std::string& name, bool defaultValue);

}  // namespace kiln
