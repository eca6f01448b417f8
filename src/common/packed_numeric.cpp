#include "common/packed_numeric.h"

#include <cmath>
#include <cstdlib>

#include "common/hash_mix.h"

namespace kiln::packed_numeric {

namespace {

constexpr size_t longHeader = 8;

/// The inline GermanString of `bytes` (at most 12), zero-padded.
GermanString inlineOf(const char* bytes, uint32_t length) {
   GermanString s;
   s.length = length;
   std::memcpy(s.prefix, bytes, length);
   return s;
}

}  // namespace

bool makeCompact(__int128 coefficient, int64_t exponent, int scale, GermanString& out) {
   if (coefficient == 0) {
      exponent = 0;
   } else {
      while (coefficient % 10 == 0) {
         coefficient /= 10;
         ++exponent;
      }
   }
   if (coefficient > INT64_MAX || coefficient < -INT64_MAX || exponent < INT16_MIN || exponent > INT16_MAX) return false;
   int64_t c = int64_t(coefficient);
   int16_t e = int16_t(exponent);
   uint16_t d = uint16_t(scale);
   out = GermanString();
   out.length = compactLength;
   std::memcpy(out.prefix, &e, 2);
   std::memcpy(out.prefix + 2, &d, 2);
   std::memcpy(out.inlineRest, &c, 8);
   return true;
}

std::string pack(const Numeric& value) {
   switch (value.kind()) {
      case Numeric::Kind::NaN: return std::string(1, char(NaN));
      case Numeric::Kind::Infinity: return std::string(1, char(Infinity));
      case Numeric::Kind::NegativeInfinity: return std::string(1, char(NegativeInfinity));
      case Numeric::Kind::Finite: break;
   }
   const Magnitude& m = value.magnitude();
   if (m.fitsInU128()) {
      unsigned __int128 magnitude = m.toU128();
      GermanString s;
      if (magnitude <= uint64_t(INT64_MAX) &&
          makeCompact(value.isNegative() ? -__int128(magnitude) : __int128(magnitude), value.exponent(), value.displayScale(), s))
         return std::string(s.view());
   }
   std::vector<uint32_t> limbs = m.limbs();
   if (limbs.size() < 2) limbs.resize(2, 0);  // never 12 bytes long, the compact form's length
   std::string bytes(longHeader + 4 * limbs.size(), '\0');
   bytes[0] = char(value.isNegative());
   uint16_t scale = uint16_t(value.displayScale());
   int32_t exponent = int32_t(value.exponent());
   std::memcpy(bytes.data() + 2, &scale, 2);
   std::memcpy(bytes.data() + 4, &exponent, 4);
   std::memcpy(bytes.data() + longHeader, limbs.data(), 4 * limbs.size());
   return bytes;
}

double approximate(const GermanString& s) {
   if (isCompact(s)) {
      Compact c = compactOf(s);
      return double(c.coefficient) * std::pow(10.0, c.exponent);
   }
   return unpack(s).nearestDouble();
}

Numeric unpack(std::string_view bytes) {
   if (bytes.size() == 1) {
      switch (uint8_t(bytes[0])) {
         case NaN: return Numeric::nan();
         case Infinity: return Numeric::infinity();
         default: return Numeric::infinity(true);
      }
   }
   if (bytes.size() == compactLength) {
      Compact c = compactOf(inlineOf(bytes.data(), compactLength));
      bool negative = c.coefficient < 0;
      unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(c.coefficient) : static_cast<unsigned __int128>(c.coefficient);
      return Numeric::fromParts(negative, Magnitude(magnitude), c.exponent, c.scale);
   }
   uint16_t scale;
   int32_t exponent;
   std::memcpy(&scale, bytes.data() + 2, 2);
   std::memcpy(&exponent, bytes.data() + 4, 4);
   std::vector<uint32_t> limbs((bytes.size() - longHeader) / 4);
   std::memcpy(limbs.data(), bytes.data() + longHeader, 4 * limbs.size());
   return Numeric::fromParts(bytes[0] != 0, Magnitude::fromLimbs(std::move(limbs)), exponent, scale);
}

bool equal(const GermanString& a, const GermanString& b) {
   if (a.length != b.length) return false;
   uint64_t wordsA[2], wordsB[2];
   std::memcpy(wordsA, &a, 16);
   std::memcpy(wordsB, &b, 16);
   if ((wordsA[0] & valueBitsOfFirstWord) != (wordsB[0] & valueBitsOfFirstWord)) return false;
   if (a.isInline()) return wordsA[1] == wordsB[1];
   return std::memcmp(a.pointer + 4, b.pointer + 4, a.length - 4) == 0;
}

uint64_t hash(const GermanString& s) {
   uint64_t words[2];
   std::memcpy(words, &s, 16);
   uint64_t head = words[0] & valueBitsOfFirstWord;
   if (s.isInline()) return mixBits(head ^ mixBits(words[1]));
   return mixBits(head ^ hashBytes(s.pointer + 4, s.length - 4));
}

int compare(const GermanString& a, const GermanString& b) {
   if (isCompact(a) && isCompact(b)) {
      Compact x = compactOf(a), y = compactOf(b);
      if (x.exponent == y.exponent) return x.coefficient < y.coefficient ? -1 : x.coefficient > y.coefficient;
      if ((x.coefficient < 0) != (y.coefficient < 0) || x.coefficient == 0 || y.coefficient == 0)
         return x.coefficient < y.coefficient ? -1 : x.coefficient > y.coefficient;
      // Same sign, other exponents: scale the one with the larger exponent down to the other's,
      // where that fits 128 bits (a difference of 19 places at most); else the larger exponent's
      // value has more digits before its last one than the other can reach.
      int difference = x.exponent - y.exponent;
      bool negative = x.coefficient < 0;
      if (difference > 0 && difference <= 19) {
         __int128 scaled = __int128(x.coefficient);
         for (int i = 0; i < difference; ++i) scaled *= 10;
         return scaled < y.coefficient ? -1 : scaled > y.coefficient;
      }
      if (difference < 0 && difference >= -19) {
         __int128 scaled = __int128(y.coefficient);
         for (int i = 0; i < -difference; ++i) scaled *= 10;
         return x.coefficient < scaled ? -1 : x.coefficient > scaled;
      }
      // |coefficients| are below 10^19: the one at 20 or more places higher is larger in size.
      int larger = difference > 0 ? 1 : -1;
      return negative ? -larger : larger;
   }
   return compare(unpack(a), unpack(b));  // the Numeric one, found by its arguments
}

std::string orderedKey(std::string_view packed) {
   Numeric value = unpack(packed);
   std::string key;
   switch (value.kind()) {
      case Numeric::Kind::NegativeInfinity: return std::string(1, '\x01');
      case Numeric::Kind::Infinity: return std::string(1, '\x05');
      case Numeric::Kind::NaN: return std::string(1, '\x06');
      case Numeric::Kind::Finite: break;
   }
   if (value.isZero()) return std::string(1, '\x03');
   // The magnitude as: its leading digit's place (biased, big-endian), its digits two to a byte
   // (1 + the pair, so that no byte is 0), a 0 byte. A negative value's bytes are inverted.
   bool negative = value.isNegative();
   key.push_back(negative ? '\x02' : '\x04');
   uint32_t place = uint32_t(int32_t(value.leadingExponent())) ^ 0x80000000u;
   for (int shift = 24; shift >= 0; shift -= 8) key.push_back(char(place >> shift));
   std::string digits = value.magnitude().toString();
   if (digits.size() % 2) digits.push_back('0');
   for (size_t i = 0; i < digits.size(); i += 2) key.push_back(char(1 + (digits[i] - '0') * 10 + (digits[i + 1] - '0')));
   key.push_back('\0');
   if (negative)
      for (size_t i = 1; i < key.size(); ++i) key[i] = char(~uint8_t(key[i]));
   return key;
}

}  // namespace kiln::packed_numeric
