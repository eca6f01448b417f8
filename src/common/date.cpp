#include "common/date.h"

#include <cstdio>

#include "common/datetime_input.h"
#include "kiln/kiln.h"

namespace kiln::date {

// Howard Hinnant's days_from_civil, shifted to the 2000-01-01 epoch.
static constexpr int64_t epochShift = 10957;  // days from 1970-01-01 to 2000-01-01

int64_t dayNumber(int64_t y, unsigned m, unsigned d) {
   y -= m <= 2;
   const int64_t era = (y >= 0 ? y : y - 399) / 400;
   const unsigned yoe = unsigned(y - era * 400);
   const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
   const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
   return era * 146097 + int64_t(doe) - 719468 - epochShift;
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
   return year >= -4713 && year <= 5874897 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && inRange(dayNumber(year, month, day));
}

int32_t parse(std::string_view text) {
   datetime_input::Parts parts = datetime_input::parse(text, "date");
   switch (parts.kind) {
      case datetime_input::Parts::Kind::Infinity: return infinity;
      case datetime_input::Parts::Kind::MinusInfinity: return minusInfinity;
      case datetime_input::Parts::Kind::Finite: break;
   }
   if (!inRange(parts.days)) throw Error("22008", "date out of range: \"" + std::string(text) + "\"");
   return int32_t(parts.days);
}

std::string format(int32_t days) {
   if (days == infinity) return "infinity";
   if (days == minusInfinity) return "-infinity";
   int64_t y;
   unsigned m, d;
   toCivil(days, y, m, d);
   char buffer[32];
   if (y <= 0) std::snprintf(buffer, sizeof(buffer), "%04lld-%02u-%02u BC", static_cast<long long>(1 - y), m, d);
   else std::snprintf(buffer, sizeof(buffer), "%04lld-%02u-%02u", static_cast<long long>(y), m, d);
   return buffer;
}

int64_t addMonths(int32_t days, int64_t months) {
   int64_t y;
   unsigned m, d;
   toCivil(days, y, m, d);
   int64_t total = y * 12 + (m - 1) + months;
   int64_t ny = total >= 0 ? total / 12 : (total - 11) / 12;
   unsigned nm = unsigned(total - ny * 12) + 1;
   unsigned nd = d > daysInMonth(ny, nm) ? daysInMonth(ny, nm) : d;
   return dayNumber(ny, nm, nd);
}

}  // namespace kiln::date
