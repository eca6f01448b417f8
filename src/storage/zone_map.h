// The least and greatest value of each block of a column's rows, for integer columns (dates,
// decimals, timestamps too, as stored): a scan skips the blocks that its filter's constant range
// excludes. The map covers the complete blocks; the last, still growing, is always scanned. A
// value written in place only widens its block's range (an update's old value may still be read
// by its undo), so a range is never narrower than the values of its rows.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/physical_type.h"

namespace kiln {

class ZoneMap {
   public:
   static constexpr size_t blockRows = 4096;
   /// Whether a column of this type has one.
   static bool kept(PhysicalType type) { return type == PhysicalType::Int16 || type == PhysicalType::Int32 || type == PhysicalType::Int64; }

   /// Extends the map over the complete blocks of a column's rows [0, rows): `data` its values,
   /// `nulls` its NULL flags (nullptr: none). A block of NULLs only gets an empty range (least
   /// above greatest), which every comparison excludes.
   void cover(PhysicalType type, const uint8_t* data, const uint8_t* nulls, size_t rows);
   /// A value written in place at `row` (not NULL).
   void widen(size_t row, int64_t value) {
      size_t block = row / blockRows;
      if (block >= least_.size()) return;
      if (value < least_[block]) least_[block] = value;
      if (value > greatest_[block]) greatest_[block] = value;
   }
   /// The rows from `rows` on are gone, and so are the ranges of the blocks they were in.
   void truncate(size_t rows) {
      least_.resize(std::min(least_.size(), rows / blockRows));
      greatest_.resize(least_.size());
   }
   size_t blocks() const { return least_.size(); }
   const int64_t* least() const { return least_.data(); }
   const int64_t* greatest() const { return greatest_.data(); }

   /// The value stored at `bytes` by a column of integer type `type`.
   static int64_t valueAt(PhysicalType type, const void* bytes);

   private:
   std::vector<int64_t> least_, greatest_;
};

}  // namespace kiln
