// The 22 analytical queries of the CH-benCHmark, as published (shared/chbench/queries), run
// through the same SQL path as any other statement.
#pragma once

#include <string>
#include <vector>

namespace kiln::bench {

constexpr int chQueryCount = 22;

struct ChQuery {
   int number = 0;  // 1..22
   std::string sql;
};

/// The texts of <sharedDir>/chbench/queries/q01.sql .. q22.sql with their table names mapped by
/// mapChTableNames. std::runtime_error when a file cannot be read.
std::vector<ChQuery> readChQueries(const std::string& sharedDir);

/// The queries name TPC-C's tables as the TUM page does; bench/tpcc names two of them as the TPC-C
/// specification does: orderline -> order_line, neworder -> new_order (whole identifiers outside
/// string literals, in any case).
std::string mapChTableNames(const std::string& sql);

}  // namespace kiln::bench
