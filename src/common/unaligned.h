// A value read from bytes that need not be aligned for its type (column arrays, row layouts).
#pragma once

#include <cstddef>
#include <cstring>

namespace kiln {

template <typename T>
T loadUnaligned(const void* raw) {
   T value;
   std::memcpy(&value, raw, sizeof(T));
   return value;
}

/// Copies one value of `width` bytes. The widths of values (1, 2, 4, 8, 16) are moves of a known
/// size, not a call of memcpy: rows are stored and undone a value at a time.
inline void copyValue(void* to, const void* from, size_t width) {
   switch (width) {
      case 1: std::memcpy(to, from, 1); break;
      case 2: std::memcpy(to, from, 2); break;
      case 4: std::memcpy(to, from, 4); break;
      case 8: std::memcpy(to, from, 8); break;
      case 16: std::memcpy(to, from, 16); break;
      default: std::memcpy(to, from, width); break;
   }
}

}  // namespace kiln
