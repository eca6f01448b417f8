// A cursor over date/time input text with the small steps the grammars of TIMESTAMP, TIMESTAMPTZ
// and TIME need (common/timestamp.cpp, common/time_of_day.cpp).
#pragma once

#include <cstdint>
#include <string_view>

#include "common/interval.h"

namespace kiln {

struct DatetimeScanner {
   std::string_view text;
   size_t i = 0;

   bool atEnd() const { return i >= text.size(); }
   char peek() const { return atEnd() ? '\0' : text[i]; }
   bool isDigit() const { return peek() >= '0' && peek() <= '9'; }
   bool take(char c) {
      if (peek() != c) return false;
      ++i;
      return true;
   }
   void skipBlanks() {
      while (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r') ++i;
   }
   /// Up to `maxDigits` digits into `out`; false when there is none.
   bool number(int64_t& out, size_t maxDigits, size_t* count = nullptr) {
      size_t start = i;
      out = 0;
      while (isDigit() && i - start < maxDigits) out = out * 10 + (text[i++] - '0');
      if (count) *count = i - start;
      return i > start;
   }
   /// The lower-case word `w`, in any case.
   bool word(std::string_view w) {
      if (text.size() - i < w.size()) return false;
      for (size_t k = 0; k < w.size(); ++k)
         if ((text[i + k] | 0x20) != w[k]) return false;
      i += w.size();
      return true;
   }
   /// Fractional seconds after the point, rounded to microseconds (half away from zero, like rint
   /// on the positive value PostgreSQL computes).
   int64_t fractionMicros() {
      int64_t micros = 0, scale = interval::microsPerSecond;
      bool roundUp = false;
      for (size_t digits = 0; isDigit(); ++digits) {
         int digit = text[i++] - '0';
         if (digits < 6) micros += digit * (scale /= 10);
         else if (digits == 6) roundUp = digit >= 5;
      }
      return micros + roundUp;
   }
   /// "HH:MM[:SS[.fraction]]" as microseconds since midnight; false when malformed. `inRange`
   /// tells whether the fields were in range (24:00:00 and a leap second 60 are, and roll over).
   bool timeOfDay(int64_t& micros, bool& inRange) {
      int64_t hour, minute, second = 0, fraction = 0;
      if (!number(hour, 2) || !take(':') || !number(minute, 2)) return false;
      if (take(':')) {
         if (!number(second, 2)) return false;
         if (take('.')) fraction = fractionMicros();
      }
      inRange = hour <= 24 && minute <= 59 && second <= 60 && (hour < 24 || (minute == 0 && second == 0 && fraction == 0));
      micros = ((hour * 60 + minute) * 60 + second) * interval::microsPerSecond + fraction;
      return true;
   }
};

}  // namespace kiln
