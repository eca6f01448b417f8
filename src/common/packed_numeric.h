// A NUMERIC value in 16 bytes, the way rows, columns, the log and generated code hold it: a
// GermanString whose bytes are the value's packed form, so that it is stored, copied and logged as
// strings are. The packed form is canonical (one per value, whatever its display scale), and the
// display scale sits in bytes 2-3 of every form, so two values are equal exactly when their bytes
// are, bytes 2-3 aside; inline values (at most 12 bytes) decide that on their two words.
//   compact, 12 bytes: exponent (int16), scale (uint16), coefficient (int64, no trailing zeros):
//            the value is coefficient * 10^exponent; every value whose coefficient and exponent fit
//            so is held so (all of kiln's money, averages and most results: no heap bytes).
//   special, 1 byte:   1 NaN, 2 Infinity, 3 -Infinity.
//   long, 8 + 4n bytes (n >= 2): sign (0 or 1), 0, scale (uint16), exponent (int32), then the
//            coefficient in base-10^9 limbs, least significant first (see Magnitude).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "common/german_string.h"
#include "common/numeric.h"

namespace kiln::packed_numeric {

constexpr uint32_t compactLength = 12;
/// Clears a value's display scale (bytes 2-3) in the first word of its GermanString.
constexpr uint64_t valueBitsOfFirstWord = 0x0000FFFFFFFFFFFFull;

enum Special : uint8_t { NaN = 1, Infinity = 2, NegativeInfinity = 3 };

inline bool isCompact(const GermanString& s) { return s.length == compactLength; }

/// The compact form's fields.
struct Compact {
   int64_t coefficient;
   int16_t exponent;
   uint16_t scale;
};
inline Compact compactOf(const GermanString& s) {
   Compact c;
   std::memcpy(&c.exponent, s.prefix, 2);
   std::memcpy(&c.scale, s.prefix + 2, 2);
   std::memcpy(&c.coefficient, s.inlineRest, 8);
   return c;
}

/// coefficient * 10^exponent with `scale`, normalized into `out` when it fits the compact form
/// (|coefficient| below 2^63 once its trailing zeros are gone, the exponent within int16).
bool makeCompact(__int128 coefficient, int64_t exponent, int scale, GermanString& out);

/// The display scale of a value (0 for NaN and infinities).
inline int scaleOf(const GermanString& s) {
   uint16_t scale = 0;
   if (s.length >= 4) std::memcpy(&scale, s.data() + 2, 2);
   return scale;
}

/// The packed bytes of `value`.
std::string pack(const Numeric& value);
/// The value as a double, infinite past a double's range (for estimates).
double approximate(const GermanString& s);

/// The value packed bytes hold.
Numeric unpack(std::string_view bytes);
inline Numeric unpack(const GermanString& s) { return unpack(s.view()); }

/// Equality as NUMERIC has it (1.10 = 1.1, NaN = NaN), on the packed bytes.
bool equal(const GermanString& a, const GermanString& b);
/// A hash consistent with `equal`: of the bytes without the display scale.
uint64_t hash(const GermanString& s);
/// -1, 0 or 1 in PostgreSQL's order (NaN above everything).
int compare(const GermanString& a, const GermanString& b);

/// The value's bytes for an ordered index: their memcmp order is the values' order, equal values
/// have equal bytes, and no value's bytes are a prefix of another's (see storage/ordered_key.h).
std::string orderedKey(std::string_view packed);

}  // namespace kiln::packed_numeric
