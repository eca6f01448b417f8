// SET threads: how many threads a statement's parallel pipelines may use. 0 stands for the
// default, the cores this process may use (common/available_cores.h). PostgreSQL's
// max_parallel_workers_per_gather names the same thing without the statement's own thread.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include <cstdint>
#include <string>

namespace kiln {

constexpr int64_t maxThreads = 1024;

/// The value SET `name` (threads or max_parallel_workers_per_gather) gives threads; 0 for RESET
/// or DEFAULT; 22023 for a value that is not a whole number in range.
int64_t threadsSetting(const PgQuery__VariableSetStmt& set, const std::string& name);
/// The threads a statement gets for the setting's value.
int64_t effectiveThreads(int64_t setting);

}  // namespace kiln
