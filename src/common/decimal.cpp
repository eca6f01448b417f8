#include "common/decimal.h"

#include <algorithm>

namespace kiln::decimal {

__int128 pow10(unsigned exponent) {
   static const auto table = [] {
      struct Table {
         __int128 values[39];
      } t;
      t.values[0] = 1;
      for (unsigned i = 1; i <= 38; ++i) t.values[i] = t.values[i - 1] * 10;
      return t;
   }();
   return table.values[exponent];
}

ParseStatus parse(std::string_view text, unsigned precision, unsigned scale, __int128& out) {
   size_t i = 0, n = text.size();
   while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n')) ++i;
   while (n > i && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\n')) --n;
   bool negative = false;
   if (i < n && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
   // Collect the significant digits and the decimal exponent they are scaled by.
   std::string digits;
   int64_t exponent = 0;
   bool anyDigit = false, seenPoint = false;
   for (; i < n; ++i) {
      char c = text[i];
      if (c >= '0' && c <= '9') {
         anyDigit = true;
         if (!(digits.empty() && c == '0')) digits.push_back(c);
         if (seenPoint) --exponent;
      } else if (c == '.' && !seenPoint) {
         seenPoint = true;
      } else {
         break;
      }
   }
   if (!anyDigit) return ParseStatus::Malformed;
   if (i < n && (text[i] == 'e' || text[i] == 'E')) {
      ++i;
      bool expNegative = false;
      if (i < n && (text[i] == '-' || text[i] == '+')) expNegative = text[i++] == '-';
      int64_t e = 0;
      size_t start = i;
      while (i < n && text[i] >= '0' && text[i] <= '9' && e < 100000) e = e * 10 + (text[i++] - '0');
      if (i == start) return ParseStatus::Malformed;
      exponent += expNegative ? -e : e;
   }
   if (i != n) return ParseStatus::Malformed;
   // value = digits * 10^exponent; we want digits * 10^(exponent + scale), rounded.
   int64_t shift = exponent + int64_t(scale);
   if (shift < 0) {
      size_t drop = size_t(-shift);
      bool roundUp = false;
      if (drop > digits.size()) {
         digits.clear();
      } else {
         roundUp = digits[digits.size() - drop] >= '5';
         digits.resize(digits.size() - drop);
      }
      shift = 0;
      __int128 value = 0;
      if (digits.size() > 38) return ParseStatus::Overflow;
      for (char c : digits) value = value * 10 + (c - '0');
      if (roundUp) ++value;
      if (value >= pow10(std::min(precision, 38u))) return ParseStatus::Overflow;
      out = negative ? -value : value;
      return ParseStatus::Ok;
   }
   if (digits.size() + size_t(shift) > precision) return digits.empty() ? (out = 0, ParseStatus::Ok) : ParseStatus::Overflow;
   __int128 value = 0;
   for (char c : digits) value = value * 10 + (c - '0');
   value *= pow10(unsigned(shift));
   out = negative ? -value : value;
   return ParseStatus::Ok;
}

std::string formatInt128(__int128 value) {
   if (value == 0) return "0";
   bool negative = value < 0;
   unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(value) : static_cast<unsigned __int128>(value);
   std::string out;
   while (magnitude) {
      out.push_back(char('0' + int(magnitude % 10)));
      magnitude /= 10;
   }
   if (negative) out.push_back('-');
   std::reverse(out.begin(), out.end());
   return out;
}

std::string format(__int128 unscaled, unsigned scale) {
   if (scale == 0) return formatInt128(unscaled);
   bool negative = unscaled < 0;
   unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(unscaled) : static_cast<unsigned __int128>(unscaled);
   std::string digits;
   while (magnitude) {
      digits.push_back(char('0' + int(magnitude % 10)));
      magnitude /= 10;
   }
   while (digits.size() <= scale) digits.push_back('0');
   std::reverse(digits.begin(), digits.end());
   digits.insert(digits.end() - scale, '.');
   return negative ? "-" + digits : digits;
}

__int128 divideRounded(__int128 dividend, __int128 divisor) {
   __int128 quotient = dividend / divisor;
   __int128 remainder = dividend % divisor;
   // |2r| >= |d| rounds away from zero; compare without overflowing 2r.
   unsigned __int128 r = remainder < 0 ? -static_cast<unsigned __int128>(remainder) : static_cast<unsigned __int128>(remainder);
   unsigned __int128 d = divisor < 0 ? -static_cast<unsigned __int128>(divisor) : static_cast<unsigned __int128>(divisor);
   if (r >= d - r) quotient += ((dividend < 0) != (divisor < 0)) ? -1 : 1;
   return quotient;
}

namespace {

using u128 = unsigned __int128;

u128 magnitude(__int128 v) { return v < 0 ? -static_cast<u128>(v) : static_cast<u128>(v); }

/// (r * 10^digits) / d and its remainder, for r < d < 2^127 and digits <= 38: the product takes
/// up to 254 bits, so it is divided bit by bit; the quotient is below 10^digits.
u128 shiftDigitsAndDivide(u128& r, unsigned digits, u128 d) {
   u128 m = static_cast<u128>(pow10(digits)), mask = ~uint64_t(0);
   u128 ll = (r & mask) * (m & mask), lh = (r & mask) * (m >> 64), hl = (r >> 64) * (m & mask), hh = (r >> 64) * (m >> 64);
   u128 middle = (ll >> 64) + (lh & mask) + (hl & mask);
   u128 high = hh + (lh >> 64) + (hl >> 64) + (middle >> 64), low = (middle << 64) | (ll & mask);
   u128 remainder = 0, quotient = 0;
   for (int bit = 255; bit >= 0; --bit) {
      remainder = (remainder << 1) | ((bit >= 128 ? high >> (bit - 128) : low >> bit) & 1);
      bool one = remainder >= d;
      if (one) remainder -= d;
      quotient = (quotient << 1) | u128(one);
   }
   r = remainder;
   return quotient;
}

}  // namespace

bool divideScaled(__int128 dividend, __int128 divisor, unsigned scaleUp, __int128& out) {
   __int128 scaled;
   if (scaleUp <= 38 && !__builtin_mul_overflow(dividend, pow10(scaleUp), &scaled)) {
      out = divideRounded(scaled, divisor);
      return true;
   }
   // Decimal long division: the integral quotient, then up to 38 more digits at a time.
   u128 d = magnitude(divisor), quotient = magnitude(dividend) / d, remainder = magnitude(dividend) % d;
   const u128 limit = u128(1) << 127;
   for (unsigned left = scaleUp; left > 0;) {
      unsigned digits = std::min(left, 38u);
      u128 next = shiftDigitsAndDivide(remainder, digits, d);
      if (quotient > (limit - 1 - next) / static_cast<u128>(pow10(digits))) return false;
      quotient = quotient * static_cast<u128>(pow10(digits)) + next;
      left -= digits;
   }
   if (remainder >= d - remainder) ++quotient;
   if (quotient >= limit) return false;
   out = (dividend < 0) != (divisor < 0) ? -static_cast<__int128>(quotient) : static_cast<__int128>(quotient);
   return true;
}

bool rescale(__int128 value, unsigned from, unsigned to, __int128& out) {
   if (to >= from) {
      if (to - from > 38) return value == 0 ? (out = 0, true) : false;
      // Two factors of 64 bits cannot overflow 128: no call to the 128-bit overflow check.
      if (to - from <= 18 && value == __int128(int64_t(value))) {
         out = __int128(int64_t(value)) * int64_t(pow10(to - from));
         return true;
      }
      return !__builtin_mul_overflow(value, pow10(to - from), &out);
   }
   if (from - to > 38) {
      out = 0;
      return true;
   }
   out = divideRounded(value, pow10(from - to));
   return true;
}

}  // namespace kiln::decimal
