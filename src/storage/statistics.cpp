#include "storage/statistics.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>

#include "common/german_string.h"
#include "common/hash_mix.h"
#include "common/packed_numeric.h"
#include "common/unaligned.h"
#include "storage/hyperloglog.h"
#include "storage/table.h"

namespace kiln {

namespace {

/// Sixteen bytes compared as such (an interval).
struct Words16 {
   uint64_t words[2];
};

/// Adds a column of fixed-size values of type T to `sketch` and, for numbers (and dates), finds
/// their range. One loop per type: a loop over any type paid a call to copy each value.
template <typename T, bool IsNumber>
void analyzeValues(const uint8_t* data, const uint8_t* nulls, size_t rows, ColumnStatistics& statistics, HyperLogLog& sketch) {
   T low{}, high{}, previous{};
   bool any = false, ascending = true;
   for (size_t r = 0; r < rows; ++r) {
      if (nulls && nulls[r]) continue;
      T value = loadUnaligned<T>(data + r * sizeof(T));
      if constexpr (IsNumber) {
         if (value == value) {  // not NaN
            ascending = ascending && !(any && value < previous);
            previous = value;
            low = any && low < value ? low : value;
            high = any && value < high ? high : value;
            any = true;
         }
      }
      uint64_t words[2] = {0, 0};
      std::memcpy(words, &value, sizeof(T));
      sketch.add(mixBits(words[0] ^ mixBits(words[1])));
   }
   if constexpr (IsNumber) {
      statistics.hasRange = any;
      statistics.ascending = any && ascending;
      statistics.min = double(low);
      statistics.max = double(high);
   }
}

/// NUMERIC values: distinct by value (1.10 is 1.1), their range as doubles.
void analyzeNumerics(const uint8_t* data, const uint8_t* nulls, size_t rows, ColumnStatistics& statistics, HyperLogLog& sketch) {
   double low = 0, high = 0, previous = 0;
   bool any = false, ascending = true;
   for (size_t r = 0; r < rows; ++r) {
      if (nulls && nulls[r]) continue;
      GermanString s = loadUnaligned<GermanString>(data + r * sizeof(s));
      sketch.add(packed_numeric::hash(s));
      double value = packed_numeric::approximate(s);
      if (value != value) continue;  // NaN
      ascending = ascending && !(any && value < previous);
      previous = value;
      low = any && low < value ? low : value;
      high = any && value < high ? high : value;
      any = true;
   }
   statistics.hasRange = any;
   statistics.ascending = any && ascending;
   statistics.min = low;
   statistics.max = high;
}

ColumnStatistics analyzeColumn(const Column& column, size_t rows) {
   HyperLogLog sketch;
   ColumnStatistics statistics;
   const uint8_t* data = column.data();
   const uint8_t* nulls = column.nulls();
   switch (column.physicalType()) {
      case PhysicalType::Bool: analyzeValues<uint8_t, false>(data, nulls, rows, statistics, sketch); break;
      case PhysicalType::Int16: analyzeValues<int16_t, true>(data, nulls, rows, statistics, sketch); break;
      case PhysicalType::Int32: analyzeValues<int32_t, true>(data, nulls, rows, statistics, sketch); break;
      case PhysicalType::Int64: analyzeValues<int64_t, true>(data, nulls, rows, statistics, sketch); break;
      case PhysicalType::Int128: analyzeValues<__int128, true>(data, nulls, rows, statistics, sketch); break;
      case PhysicalType::Float: analyzeValues<float, true>(data, nulls, rows, statistics, sketch); break;
      case PhysicalType::Double: analyzeValues<double, true>(data, nulls, rows, statistics, sketch); break;
      case PhysicalType::Interval: analyzeValues<Words16, false>(data, nulls, rows, statistics, sketch); break;
      case PhysicalType::String:
         for (size_t r = 0; r < rows; ++r) {
            if (nulls && nulls[r]) continue;
            GermanString s;
            std::memcpy(&s, data + r * sizeof(s), sizeof(s));
            sketch.add(mixBits(hashBytes(s.data(), s.length)));
         }
         break;
      case PhysicalType::Numeric: analyzeNumerics(data, nulls, rows, statistics, sketch); break;
   }
   statistics.distinct = std::min(sketch.estimate(), double(rows));
   statistics.rows = rows;
   return statistics;
}

}  // namespace

void analyzeTable(Table& table) {
   size_t rows = table.rowCount();
   std::atomic<size_t> next{0};
   auto work = [&] {
      for (size_t c; (c = next++) < table.columnCount();) table.column(c).setStatistics(analyzeColumn(table.column(c), rows));
   };
   std::vector<std::thread> helpers;
   size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), table.columnCount());
   if (rows < 100000) threads = 1;
   for (size_t t = 1; t < threads; ++t) helpers.emplace_back(work);
   work();
   for (auto& h : helpers) h.join();
}

}  // namespace kiln
