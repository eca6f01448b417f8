// A measurement in a child process of its own: memory that an earlier database left in the
// process (the heap's free space, cached query blocks) would count as the next one's, and be
// copied by its forks.
#pragma once

#include "fork_databases.h"
#include "fork_options.h"
#include "fork_report.h"

#include <functional>
#include <memory>

namespace kiln::bench {

/// Loads with `mode`'s pages and measures, in a child; std::runtime_error if the child fails.
ForkResult measureIsolated(PageMode mode, const ForkOptions& options, const std::function<std::unique_ptr<ForkDatabase>()>& load);

}  // namespace kiln::bench
