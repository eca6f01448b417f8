// What SET changes for a connection, as one value. A transaction block keeps the values to go back
// to (ROLLBACK, ROLLBACK TO a savepoint) and those COMMIT keeps: SET LOCAL lasts to the block's end.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kiln/kiln.h"

namespace kiln {

class TimeZone;

/// Where a connection's read-only statements run (SET snapshot_reads): `Auto`, while other
/// connections are open, on a snapshot when one holds the writer's turn or the query is big
/// (snapshot_min_rows), else in the writer's turn; `On`, always on a snapshot; `Off`, always in the writer's turn.
enum class SnapshotReads : uint8_t { Auto, On, Off };

/// SET plan_cache_memory's default: the megabytes the plan cache may hold when this connection adds
/// a plan to it (0: the connection neither uses nor fills the cache).
constexpr int64_t defaultPlanCacheMb = 64;

struct SessionSettings {
   std::shared_ptr<const TimeZone> timeZone;
   int64_t lockTimeoutMs = 0;
   int64_t statementTimeoutMs = 0;
   std::string synchronousCommit = "on";
   std::vector<std::pair<std::string, std::string>> passive;  // passive_settings.h: those SET changed
   SnapshotReads snapshotReads = SnapshotReads::Auto;
   int64_t snapshotMinRows = 100000;
   int64_t snapshotMaxAgeMs = 0;
   bool defaultReadOnly = false;
   int64_t planCacheMb = defaultPlanCacheMb;
   int64_t threads = 0;  // SET threads; 0: the cores the process may use (thread_settings.h)
};

}  // namespace kiln
