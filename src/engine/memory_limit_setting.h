// SET memory_limit: the memory the whole process may hold (common/memory_limit.h), in megabytes
// (0: no limit). Being the process's and not a connection's, no ROLLBACK could undo it for the
// others: it is refused inside a transaction block and as SET LOCAL, and RESET ALL leaves it.
#pragma once

#include <string>

#include <pg_query/pg_query.pb-c.h>

namespace kiln {

inline constexpr const char* memoryLimitName = "memory_limit";

/// Sets the limit (RESET and DEFAULT: the default). Throws 25001 in a transaction block or for SET
/// LOCAL, 22023 for a bad value, changing nothing.
void applyMemoryLimitSetting(const PgQuery__VariableSetStmt& set, bool inTransaction);
/// SHOW memory_limit: "19660MB", "0".
std::string memoryLimitText();

}  // namespace kiln
