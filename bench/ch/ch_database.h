// A CH-benCHmark database: TPC-C's nine tables populated as bench/tpcc does, its indexes, and the
// three tables CH adds.
#pragma once

#include "tpcc_engine.h"
#include "tpcc_loader.h"
#include "tpcc_random.h"

#include <functional>
#include <string>
#include <vector>

namespace kiln::bench {

/// Creates and fills everything on a new database, dated `nowMicros`. `random` draws the
/// population's NURand constants first and holds the run's at the end (clause 2.1.6.1); `notes`
/// gets what the report must say (an index the engine cannot create); `progress` is told which
/// table is being loaded. std::runtime_error saying which step failed.
std::vector<TpccTableLoad> createChDatabase(TpccEngine& engine, int warehouses, TpccRandom& random, int64_t nowMicros, const std::string& sharedDir,
                                            std::vector<std::string>& notes, const std::function<void(const std::string&)>& progress);

}  // namespace kiln::bench
