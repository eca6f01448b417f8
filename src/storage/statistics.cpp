#include "storage/statistics.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>

#include "common/german_string.h"
#include "common/hash_mix.h"
#include "common/unaligned.h"
#include "storage/hyperloglog.h"
#include "storage/table.h"

namespace kiln {

namespace {

ColumnStatistics analyzeColumn(const Column& column, size_t rows) {
   HyperLogLog sketch;
   const uint8_t* data = column.data();
   const uint8_t* nulls = column.nulls();
   size_t width = column.width();
   ColumnStatistics statistics;
   auto asNumber = [&](const uint8_t* value, double& number) {
      switch (column.physicalType()) {
         case PhysicalType::Int16: number = double(loadUnaligned<int16_t>(value)); return true;
         case PhysicalType::Int32: number = double(loadUnaligned<int32_t>(value)); return true;
         case PhysicalType::Int64: number = double(loadUnaligned<int64_t>(value)); return true;
         case PhysicalType::Int128: number = double(loadUnaligned<__int128>(value)); return true;
         case PhysicalType::Float: number = double(loadUnaligned<float>(value)); return true;
         case PhysicalType::Double: number = loadUnaligned<double>(value); return true;
         default: return false;
      }
   };
   for (size_t r = 0; r < rows; ++r) {
      if (nulls && nulls[r]) continue;
      const uint8_t* value = data + r * width;
      if (double number; asNumber(value, number) && number == number) {
         statistics.min = statistics.hasRange ? std::min(statistics.min, number) : number;
         statistics.max = statistics.hasRange ? std::max(statistics.max, number) : number;
         statistics.hasRange = true;
      }
      if (column.physicalType() == PhysicalType::String) {
         GermanString s;
         std::memcpy(&s, value, sizeof(s));
         sketch.add(mixBits(hashBytes(s.data(), s.length)));
      } else {
         uint64_t words[2] = {0, 0};
         std::memcpy(words, value, width);
         sketch.add(mixBits(words[0] ^ mixBits(words[1])));
      }
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
