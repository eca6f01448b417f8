// Keys whose byte order (memcmp) is the order of the values they encode, for ordered indexes:
// integers and decimals big-endian with the sign bit flipped, doubles by their IEEE bits
// (negative ones inverted), strings with 0x00 escaped and a 0x00 0x00 terminator, NUMERIC by its
// sign, leading digit's place and digits (packed_numeric::orderedKey). A NULL sorts first (0x00
// before 0x01 + value).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "common/float_key.h"
#include "common/german_string.h"
#include "common/packed_numeric.h"
#include "common/physical_type.h"
#include "common/unaligned.h"

namespace kiln {

/// How many bytes a value of `type` takes in a key, its marker included; 0 where that varies (strings).
constexpr size_t orderedKeyBytes(PhysicalType type) {
   switch (type) {
      case PhysicalType::Bool: return 2;
      case PhysicalType::Int16: return 3;
      case PhysicalType::Int32: return 5;
      case PhysicalType::Int64:
      case PhysicalType::Float:
      case PhysicalType::Double: return 9;
      case PhysicalType::Int128:
      case PhysicalType::Interval: return 17;
      case PhysicalType::String:
      case PhysicalType::Numeric: return 0;
   }
   return 0;
}

/// Appends encoded values to `Target`: a string (the caller's, whose memory a next key reuses),
/// or a fixed buffer for keys of a known size (InlineKeyBytes).
template <typename Target = std::string>
class OrderedKey {
   public:
   explicit OrderedKey(Target& target) : key_(target) {}

   void appendNull() { key_.push_back('\0'); }

   /// Appends a value given by its raw bytes (as a column stores them).
   void append(PhysicalType type, const void* raw) {
      // Integers (most keys) go in with their marker in one append.
      switch (type) {
         case PhysicalType::Int16: return appendMarkedSigned(loadUnaligned<int16_t>(raw), 2);
         case PhysicalType::Int32: return appendMarkedSigned(loadUnaligned<int32_t>(raw), 4);
         case PhysicalType::Int64: return appendMarkedSigned(loadUnaligned<int64_t>(raw), 8);
         default: break;
      }
      key_.push_back('\1');
      switch (type) {
         case PhysicalType::Bool: key_.push_back(*static_cast<const char*>(raw) ? '\1' : '\0'); break;
         case PhysicalType::Int16:
         case PhysicalType::Int32:
         case PhysicalType::Int64: break;
         case PhysicalType::Int128: {
            __int128 v = loadUnaligned<__int128>(raw);
            appendSigned(int64_t(v >> 64), 8);
            appendUnsigned(uint64_t(v), 8);
            break;
         }
         case PhysicalType::Float: appendDouble(double(loadUnaligned<float>(raw))); break;
         case PhysicalType::Double: appendDouble(loadUnaligned<double>(raw)); break;
         case PhysicalType::Interval: key_.append(static_cast<const char*>(raw), 16); break;
         case PhysicalType::String: {
            GermanString s = loadUnaligned<GermanString>(raw);
            std::string_view text = s.view();  // a short string's bytes are inside `s`
            if (text.find('\0') == std::string_view::npos) {
               key_.append(text);
            } else {
               for (char c : text) {
                  key_.push_back(c);
                  if (c == '\0') key_.push_back('\xff');
               }
            }
            key_.append(2, '\0');
            break;
         }
         case PhysicalType::Numeric: {
            std::string bytes = packed_numeric::orderedKey(loadUnaligned<GermanString>(raw).view());
            key_.append(bytes.data(), bytes.size());
            break;
         }
      }
   }

   private:
   /// The low `bytes` bytes of `v`, most significant first, in one append.
   void appendUnsigned(uint64_t v, int bytes) {
      uint64_t bigEndian = __builtin_bswap64(v << (64 - 8 * bytes));
      key_.append(reinterpret_cast<const char*>(&bigEndian), size_t(bytes));
   }
   /// The marker of a non-NULL value, then appendSigned's bytes.
   void appendMarkedSigned(int64_t v, int bytes) {
      uint64_t flipped = uint64_t(v) ^ (uint64_t(1) << (8 * bytes - 1));
      uint64_t bigEndian = __builtin_bswap64(flipped << (64 - 8 * bytes));
      char marked[9] = {'\1'};
      std::memcpy(marked + 1, &bigEndian, 8);
      key_.append(marked, size_t(bytes) + 1);
   }
   void appendSigned(int64_t v, int bytes) {
      uint64_t flipped = uint64_t(v) ^ (uint64_t(1) << (8 * bytes - 1));
      appendUnsigned(bytes == 8 ? flipped : flipped & ((uint64_t(1) << (8 * bytes)) - 1), bytes);
   }
   void appendDouble(double d) {
      d = canonicalDouble(d);
      uint64_t bits;
      std::memcpy(&bits, &d, 8);
      bits = (bits >> 63) ? ~bits : bits | (uint64_t(1) << 63);
      appendUnsigned(bits, 8);
   }

   Target& key_;
};

}  // namespace kiln
