#include "storage/zone_map.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace kiln {

namespace {

template <typename T>
void coverBlocks(const uint8_t* data, const uint8_t* nulls, size_t from, size_t to, std::vector<int64_t>& least, std::vector<int64_t>& greatest) {
   const T* values = reinterpret_cast<const T*>(data);
   for (size_t block = from; block < to; ++block) {
      // Branch-free over the block, so that it vectorizes: a NULL's slot counts as no value.
      T low = std::numeric_limits<T>::max(), high = std::numeric_limits<T>::min();
      size_t begin = block * ZoneMap::blockRows, end = begin + ZoneMap::blockRows;
      if (nulls) {
         for (size_t row = begin; row < end; ++row) {
            bool present = !nulls[row];
            low = std::min(low, present ? values[row] : std::numeric_limits<T>::max());
            high = std::max(high, present ? values[row] : std::numeric_limits<T>::min());
         }
      } else {
         for (size_t row = begin; row < end; ++row) {
            low = std::min(low, values[row]);
            high = std::max(high, values[row]);
         }
      }
      bool empty = low > high;  // only NULLs
      least.push_back(empty ? std::numeric_limits<int64_t>::max() : int64_t(low));
      greatest.push_back(empty ? std::numeric_limits<int64_t>::min() : int64_t(high));
   }
}

}  // namespace

void ZoneMap::cover(PhysicalType type, const uint8_t* data, const uint8_t* nulls, size_t rows) {
   size_t from = least_.size(), to = rows / blockRows;
   if (to <= from) return;
   least_.reserve(to);
   greatest_.reserve(to);
   switch (type) {
      case PhysicalType::Int16: return coverBlocks<int16_t>(data, nulls, from, to, least_, greatest_);
      case PhysicalType::Int32: return coverBlocks<int32_t>(data, nulls, from, to, least_, greatest_);
      case PhysicalType::Int64: return coverBlocks<int64_t>(data, nulls, from, to, least_, greatest_);
      default: return;
   }
}

int64_t ZoneMap::valueAt(PhysicalType type, const void* bytes) {
   switch (type) {
      case PhysicalType::Int16: {
         int16_t v;
         std::memcpy(&v, bytes, sizeof(v));
         return v;
      }
      case PhysicalType::Int32: {
         int32_t v;
         std::memcpy(&v, bytes, sizeof(v));
         return v;
      }
      default: {
         int64_t v;
         std::memcpy(&v, bytes, sizeof(v));
         return v;
      }
   }
}

}  // namespace kiln
