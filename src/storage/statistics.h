// What the optimizer knows of a column's values: how many are distinct (HyperLogLog).
#pragma once

#include <cstdint>

namespace kiln {

class Table;

struct ColumnStatistics {
   double distinct = 0;  // estimated number of distinct non-NULL values
   uint64_t rows = 0;    // the table's row count when they were computed
   // The smallest and largest non-NULL value of a number or date column, as stored (a decimal's
   // unscaled integer, a date's day number), for the selectivity of range conditions.
   bool hasRange = false;
   double min = 0, max = 0;
   // Whether such a column's non-NULL values never decrease in row order (a table loaded in key
   // order): a hint that grouping by it may find its groups in order (GroupsInKeyOrder).
   bool ascending = false;
   bool valid() const { return rows > 0; }
};

/// Recomputes the statistics of every column (in parallel over columns).
void analyzeTable(Table& table);

}  // namespace kiln
