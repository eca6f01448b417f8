// TPC-C's consistency conditions 1 to 4 and 10 (clause 3.3.2), checked with SQL after the run.
#pragma once

#include "tpcc_engine.h"

#include <string>
#include <vector>

namespace kiln::bench {

/// The numbers of the conditions checked.
inline const std::vector<int> allConsistencyConditions = {1, 2, 3, 4, 10};

/// One line per violation, naming the condition and the warehouse/district ("" when all hold);
/// `conditions` from allConsistencyConditions. Each condition is one statement, so it sees the
/// database between transactions. Throws TpccError when a check's statement fails.
std::vector<std::string> checkConsistency(TpccEngine& engine, const std::vector<int>& conditions = allConsistencyConditions);

}  // namespace kiln::bench
