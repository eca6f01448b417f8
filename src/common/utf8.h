// UTF-8 character counting: SQL lengths and positions count characters, not bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace kiln {

/// The byte offset of character `index` (0-based) of `s`, or its size where it has fewer.
inline size_t byteOffset(std::string_view s, int64_t index) {
   size_t i = 0;
   while (index > 0 && i < s.size()) {
      ++i;
      while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
      --index;
   }
   return i;
}

inline int64_t characterCount(std::string_view s) {
   int64_t n = 0;
   for (unsigned char c : s) n += (c & 0xC0) != 0x80;
   return n;
}

}  // namespace kiln
