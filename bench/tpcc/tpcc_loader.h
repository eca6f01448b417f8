// The initial database population of TPC-C clause 4.3.3.1, for any number of warehouses.
#pragma once

#include "tpcc_engine.h"
#include "tpcc_random.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kiln::bench {

struct TpccTableLoad {
   std::string table;
   uint64_t rows = 0;
   double ms = 0;  // generating the rows included
};

/// Fills the (empty, created) nine tables. `now` is the population's date and time; `progress` is
/// told which table is being loaded.
std::vector<TpccTableLoad> populateTpcc(TpccEngine& engine, int warehouses, TpccRandom& random, int64_t nowMicros,
                                        const std::function<void(const std::string&)>& progress);

}  // namespace kiln::bench
