// The databases `kiln-bench fork` snapshots, loaded in memory, each with a single-row update
// that a position in [0, positions) picks the row of (positions in the order the rows went in,
// so that evenly spread positions touch evenly spread pages).
#pragma once

#include "tpcc_engine.h"

#include <cstdint>
#include <memory>
#include <string>

namespace kiln::bench {

class ForkDatabase {
   public:
   ForkDatabase(std::unique_ptr<TpccEngine> engine, std::string description, double loadSeconds, const std::string& updateSql, uint64_t positions,
                uint64_t positionsPerGroup);
   const std::string& description() const { return description_; }
   double loadSeconds() const { return loadSeconds_; }
   uint64_t positions() const { return positions_; }
   /// Runs the update of the row at `position`.
   void update(uint64_t position);

   private:
   std::unique_ptr<TpccEngine> engine_;
   std::string description_;
   double loadSeconds_;
   std::unique_ptr<TpccStatement> update_;
   uint64_t positions_;
   uint64_t positionsPerGroup_;  // 0: one key; else two, (position / this + 1, position % this + 1)
};

/// One table of BIGINT, DOUBLE and short TEXT columns (inline strings) with a BIGINT primary key,
/// `gib` GiB of column data, filled by INSERT ... SELECT from generate_series in batches.
std::unique_ptr<ForkDatabase> loadFillerDatabase(double gib);
/// TPC-C's population and indexes; the update is New-Order's of a stock row.
std::unique_ptr<ForkDatabase> loadTpccDatabase(int warehouses);

}  // namespace kiln::bench
