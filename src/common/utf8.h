// UTF-8 character counting: SQL lengths and positions count characters, not bytes.
#pragma once

#include <cstdint>
#include <string_view>

namespace kiln {

inline int64_t characterCount(std::string_view s) {
   int64_t n = 0;
   for (unsigned char c : s) n += (c & 0xC0) != 0x80;
   return n;
}

}  // namespace kiln
