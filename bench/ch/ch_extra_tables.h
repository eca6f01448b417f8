// The three tables the CH-benCHmark adds to TPC-C: REGION (5 fixed rows), NATION (62 fixed rows)
// and SUPPLIER (10,000 generated rows). The transactions never write them.
#pragma once

#include "tpcc_engine.h"
#include "tpcc_loader.h"
#include "tpcc_random.h"

#include <string>
#include <vector>

namespace kiln::bench {

constexpr int supplierCount = 10000;

/// Runs <sharedDir>/chbench/extra_schema.sql (its DDL and the rows of REGION and NATION) but for
/// its DROPs (the database is new, and SQLite has no DROP ... CASCADE), then generates SUPPLIER.
/// Throws TpccError when a statement fails, std::runtime_error when the file cannot be read.
std::vector<TpccTableLoad> createChExtraTables(TpccEngine& engine, const std::string& sharedDir, TpccRandom& random);

}  // namespace kiln::bench
