// The nine TPC-C tables (clause 1.3) with their primary keys, and the secondary indexes the
// transactions' lookups by customer last name and by customer's latest order want.
#pragma once

#include <string>
#include <vector>

namespace kiln::bench {

/// CREATE TABLE statements in population order; `timestampType` is the type of "date and time" columns.
std::vector<std::string> tpccTables(const std::string& timestampType);

/// CREATE INDEX statements (not part of the spec's schema; every implementation has them).
std::vector<std::string> tpccIndexes();

}  // namespace kiln::bench
