// A value read from bytes that need not be aligned for its type (column arrays, row layouts).
#pragma once

#include <cstring>

namespace kiln {

template <typename T>
T loadUnaligned(const void* raw) {
   T value;
   std::memcpy(&value, raw, sizeof(T));
   return value;
}

}  // namespace kiln
