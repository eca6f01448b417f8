#include "common/date.h"

#include <cstdio>

namespace kiln::date {

// Howard Hinnant's days_from_civil, shifted to the 2000-01-01 epoch.
static constexpr int64_t epochShift = 10957;  // days from 1970-01-01 to 2000-01-01

int32_t fromCivil(int64_t y, unsigned m, unsigned d) {
   y -= m <= 2;
   const int64_t era = (y >= 0 ? y : y - 399) / 400;
   const unsigned yoe = unsigned(y - era * 400);
   const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
   const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
   return int32_t(era * 146097 + int64_t(doe) - 719468 - epochShift);
}

void toCivil(int32_t days, int64_t& year, unsigned& month, unsigned& day) {
   int64_t z = int64_t(days) + epochShift + 719468;
   const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
   const unsigned doe = unsigned(z - era * 146097);
   const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
   const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
   const unsigned mp = (5 * doy + 2) / 153;
   day = doy - (153 * mp + 2) / 5 + 1;
   month = mp < 10 ? mp + 3 : mp - 9;
   year = int64_t(yoe) + era * 400 + (month <= 2);
}

static bool isLeap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

unsigned daysInMonth(int64_t year, unsigned month) {
   static constexpr unsigned lengths[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
   return month == 2 && isLeap(year) ? 29 : lengths[month - 1];
}

bool isValid(int64_t year, unsigned month, unsigned day) {
   return year >= -4713 && year <= 5874897 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

std::optional<int32_t> parse(std::string_view text, bool& outOfRange) {
   outOfRange = false;
   size_t i = 0;
   auto skipBlanks = [&] {
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
   };
   auto number = [&](int64_t& out, size_t maxDigits) {
      size_t start = i;
      out = 0;
      while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - start < maxDigits) out = out * 10 + (text[i++] - '0');
      return i > start;
   };
   skipBlanks();
   int64_t y, m, d;
   if (!number(y, 7) || i >= text.size() || text[i++] != '-') return std::nullopt;
   if (!number(m, 2) || i >= text.size() || text[i++] != '-') return std::nullopt;
   if (!number(d, 2)) return std::nullopt;
   skipBlanks();
   // An era may follow: AD, or BC (1 BC is year 0 of the proleptic calendar).
   auto era = [&](char first, char second) {
      bool found = text.size() - i >= 2 && (text[i] | 0x20) == first && (text[i + 1] | 0x20) == second;
      if (found) i += 2;
      return found;
   };
   bool bc = era('b', 'c');
   if (!bc) era('a', 'd');
   skipBlanks();
   if (i != text.size()) return std::nullopt;
   if (y == 0) {
      outOfRange = true;  // there is no year 0 (as written)
      return std::nullopt;
   }
   if (bc) y = 1 - y;
   if (!isValid(y, unsigned(m), unsigned(d)) || fromCivil(y, unsigned(m), unsigned(d)) < firstDay) {
      outOfRange = true;
      return std::nullopt;
   }
   return fromCivil(y, unsigned(m), unsigned(d));
}

std::string format(int32_t days) {
   int64_t y;
   unsigned m, d;
   toCivil(days, y, m, d);
   char buffer[32];
   if (y <= 0)
      std::snprintf(buffer, sizeof(buffer), "%04lld-%02u-%02u BC", static_cast<long long>(1 - y), m, d);
   else
      std::snprintf(buffer, sizeof(buffer), "%04lld-%02u-%02u", static_cast<long long>(y), m, d);
   return buffer;
}

int32_t addMonths(int32_t days, int32_t months) {
   int64_t y;
   unsigned m, d;
   toCivil(days, y, m, d);
   int64_t total = y * 12 + (m - 1) + months;
   int64_t ny = total >= 0 ? total / 12 : (total - 11) / 12;
   unsigned nm = unsigned(total - ny * 12) + 1;
   unsigned nd = d > daysInMonth(ny, nm) ? daysInMonth(ny, nm) : d;
   return fromCivil(ny, nm, nd);
}

}  // namespace kiln::date
