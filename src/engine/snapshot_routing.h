// Where a read-only statement runs under snapshot_reads auto: a query expected to do much work
// goes to a snapshot (a fork costs the writer milliseconds; a long query in its turn would stop
// it for longer), a small one stays in the writer's turn, where it is cheapest.
#pragma once

#include <cstdint>

#include "algebra/operator.h"

namespace kiln {

/// Thrown inside a connection and caught there: a statement bound in the writer's turn turned
/// out worth a snapshot.
struct RunOnSnapshot {};

/// Whether `plan` (optimized here, if it was not) is expected to go through `minRows` rows.
bool worthASnapshot(QueryPlan& plan, int64_t minRows);

}  // namespace kiln
