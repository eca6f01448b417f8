// TPC-C's consistency conditions 1 to 4 and 10 (clause 3.3.2), checked with SQL after the run.
#pragma once

#include "tpcc_engine.h"

#include <string>
#include <vector>

namespace kiln::bench {

/// One line per violation, naming the condition and the warehouse/district ("" when all hold).
/// Throws TpccError when a check's statement fails.
std::vector<std::string> checkConsistency(TpccEngine& engine);

}  // namespace kiln::bench
