// UTF-8 text: SQL lengths and positions count characters, not bytes; text entering kiln must be
// valid UTF-8 without NUL bytes, as PostgreSQL's text in a UTF8 database.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "kiln/kiln.h"

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

/// The offset of the first byte of `s` that is a NUL or does not start a valid UTF-8 sequence
/// (PostgreSQL's pg_utf8_islegal: no overlong forms, surrogates or code points past U+10FFFF),
/// or s.size(). Runs of ASCII are checked 16 bytes at a time.
size_t firstInvalidUtf8(std::string_view s);
/// PostgreSQL's 22021 for the invalid sequence at `at`: invalid byte sequence for encoding "UTF8":
/// 0xc3 0x28 (the bytes its first byte announces, as many as there are).
Error invalidUtf8(std::string_view s, size_t at);
/// Throws invalidUtf8 unless all of `s` is valid.
inline void requireValidUtf8(std::string_view s) {
   if (size_t at = firstInvalidUtf8(s); at != s.size()) throw invalidUtf8(s, at);
}

}  // namespace kiln
