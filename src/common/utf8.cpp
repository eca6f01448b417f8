#include "common/utf8.h"

#include <cstdio>
#include <cstring>

namespace kiln {

namespace {

constexpr uint64_t ones = 0x0101010101010101ULL, highBits = 0x8080808080808080ULL;

/// Nonzero when a byte of `word` is NUL or has its high bit set: subtracting 1 from a NUL byte
/// sets its high bit (a borrow only ever follows a byte that was NUL already).
inline uint64_t nulOrHigh(uint64_t word) { return ((word - ones) | word) & highBits; }

inline uint64_t load(const char* p) {
   uint64_t word;
   std::memcpy(&word, p, 8);
   return word;
}

/// The length of the valid UTF-8 sequence of a non-ASCII or NUL byte at s[i], or 0.
size_t sequenceLength(std::string_view s, size_t i) {
   auto byte = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
   auto continuation = [&](size_t k, unsigned low = 0x80, unsigned high = 0xBF) { return byte(k) >= low && byte(k) <= high; };
   unsigned c = byte(0);
   if (c >= 0xC2 && c <= 0xDF) return continuation(1) ? 2 : 0;
   if (c == 0xE0) return continuation(1, 0xA0) && continuation(2) ? 3 : 0;
   if (c == 0xED) return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0;
   if (c >= 0xE1 && c <= 0xEF) return continuation(1) && continuation(2) ? 3 : 0;
   if (c == 0xF0) return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0;
   if (c >= 0xF1 && c <= 0xF3) return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
   if (c == 0xF4) return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0;
   return 0;  // NUL, a continuation byte, C0, C1, F5..FF
}

}  // namespace

size_t firstInvalidUtf8(std::string_view s) {
   const char* data = s.data();
   size_t i = 0, n = s.size();
   while (i < n) {
      if (i + 16 <= n && !(nulOrHigh(load(data + i)) | nulOrHigh(load(data + i + 8)))) {
         i += 16;
         continue;
      }
      unsigned char c = static_cast<unsigned char>(data[i]);
      if (c != 0 && c < 0x80) {
         ++i;
         continue;
      }
      size_t length = sequenceLength(s, i);
      if (length == 0) return i;
      i += length;
   }
   return n;
}

Error invalidUtf8(std::string_view s, size_t at) {
   unsigned char c = static_cast<unsigned char>(s[at]);
   // PostgreSQL's pg_utf_mblen: the length the first byte announces.
   size_t announced = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
   std::string bytes;
   for (size_t k = 0; k < announced && at + k < s.size(); ++k) {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "%s0x%02x", k ? " " : "", static_cast<unsigned char>(s[at + k]));
      bytes += hex;
   }
   return Error("22021", "invalid byte sequence for encoding \"UTF8\": " + bytes);
}

}  // namespace kiln
