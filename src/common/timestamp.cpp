#include "common/timestamp.h"

#include <cstdio>

#include "common/date.h"
#include "common/interval.h"
#include "common/time_zone.h"

namespace kiln::timestamp {

using interval::microsPerDay;
using interval::microsPerSecond;

namespace {

[[noreturn]] void outOfRange() { throw Error("22008", "timestamp out of range"); }

int64_t floorDiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

}  // namespace

int64_t localOf(const datetime_input::Parts& parts, std::string_view text) {
   // The day is checked first: its midnight in microseconds could overflow.
   if (parts.days < date::firstDay || parts.days > endDay || !inRange(parts.days * microsPerDay + parts.time))
      throw Error("22008", "timestamp out of range: \"" + std::string(text) + "\"");
   return parts.days * microsPerDay + parts.time;
}

int64_t parse(std::string_view text) {
   datetime_input::Parts parts = datetime_input::parse(text, "timestamp");
   switch (parts.kind) {
      case datetime_input::Parts::Kind::Infinity: return infinity;
      case datetime_input::Parts::Kind::MinusInfinity: return minusInfinity;
      case datetime_input::Parts::Kind::Finite: break;
   }
   int64_t local = localOf(parts, text);
   if (!parts.zoneName.empty()) TimeZone::forInput(parts.zoneName);  // PostgreSQL checks the zone it then ignores
   return local;
}

std::string formatTimeOfDay(int64_t time) {
   char buffer[32];
   int n = std::snprintf(buffer, sizeof(buffer), "%02lld:%02lld:%02lld", static_cast<long long>(time / microsPerHour),
                         static_cast<long long>(time / microsPerMinute % 60), static_cast<long long>(time / microsPerSecond % 60));
   if (int64_t fraction = time % microsPerSecond) {
      n += std::snprintf(buffer + n, sizeof(buffer) - size_t(n), ".%06lld", static_cast<long long>(fraction));
      while (buffer[n - 1] == '0') buffer[--n] = 0;
   }
   return buffer;
}

std::string format(int64_t micros, std::string_view zoneSuffix) {
   if (micros == infinity) return "infinity";
   if (micros == minusInfinity) return "-infinity";
   std::string day = date::format(toDate(micros));
   bool bc = day.size() > 3 && day.compare(day.size() - 3, 3, " BC") == 0;
   if (bc) day.resize(day.size() - 3);
   return day + " " + formatTimeOfDay(timeOfDay(micros)) + std::string(zoneSuffix) + (bc ? " BC" : "");
}

int64_t round(int64_t micros, unsigned digits) {
   if (digits >= 6 || !isFinite(micros)) return micros;
   int64_t scale = 1;
   for (unsigned i = digits; i < 6; ++i) scale *= 10;
   // Half away from zero, as PostgreSQL's AdjustTimestampForTypmod.
   int64_t magnitude = (micros < 0 ? -micros : micros) + scale / 2;
   magnitude -= magnitude % scale;
   return micros < 0 ? -magnitude : magnitude;
}

int64_t fromDate(int32_t days) {
   if (days == date::infinity) return infinity;
   if (days == date::minusInfinity) return minusInfinity;
   if (days >= endDay) throw Error("22008", "date out of range for timestamp");
   return int64_t(days) * microsPerDay;
}

int64_t fromDateForComparison(int32_t days) {
   // Between the range's end and infinity there is room for every day past it.
   if (days >= endDay && days != date::infinity) return end + (int64_t(days) - endDay);
   return fromDate(days);
}

int32_t toDate(int64_t micros) {
   if (micros == infinity) return date::infinity;
   if (micros == minusInfinity) return date::minusInfinity;
   return int32_t(floorDiv(micros, microsPerDay));
}

int64_t timeOfDay(int64_t micros) { return micros - floorDiv(micros, microsPerDay) * microsPerDay; }

int64_t addInterval(int64_t micros, const Interval& interval, int32_t sign) {
   if (!isFinite(micros)) return micros;
   // Months, days and time in turn, each result checked, as PostgreSQL's timestamp_pl_interval.
   auto step = [&](const Interval& part) {
      std::optional<int64_t> moved = addIntervalUnchecked(micros, part, sign);
      if (!moved || !inRange(*moved)) outOfRange();
      micros = *moved;
   };
   if (interval.months) step(Interval{interval.months, 0, 0});
   if (interval.days) step(Interval{0, interval.days, 0});
   step(Interval{0, 0, interval.micros});
   return micros;
}

std::optional<int64_t> addIntervalUnchecked(int64_t micros, const Interval& interval, int32_t sign) {
   int64_t days = toDate(micros);
   if (interval.months) days = date::addMonths(int32_t(days), sign * int64_t(interval.months));
   int64_t result, dayMicros, spanMicros;
   if (__builtin_mul_overflow(days, microsPerDay, &result) || __builtin_add_overflow(result, timeOfDay(micros), &result) ||
       __builtin_mul_overflow(int64_t(sign) * interval.days, microsPerDay, &dayMicros) || __builtin_add_overflow(result, dayMicros, &result) ||
       __builtin_mul_overflow(int64_t(sign), interval.micros, &spanMicros) || __builtin_add_overflow(result, spanMicros, &result))
      return std::nullopt;
   return result;
}

Interval difference(int64_t a, int64_t b) {
   if (!isFinite(a) || !isFinite(b)) throw Error("22008", "cannot subtract infinite timestamps");
   int64_t micros;
   if (__builtin_sub_overflow(a, b, &micros)) throw Error("22008", "interval out of range");
   return Interval{0, int32_t(micros / microsPerDay), micros % microsPerDay};
}

Interval age(int64_t a, int64_t b) {
   struct Fields {
      int64_t year;
      unsigned month, day;
      int64_t time;
   };
   auto fieldsOf = [](int64_t micros) {
      Fields f{};
      date::toCivil(int32_t(floorDiv(micros, microsPerDay)), f.year, f.month, f.day);
      f.time = timeOfDay(micros);
      return f;
   };
   // PostgreSQL 15 takes infinity as the day and time of INT64_MAX; -infinity is before any day.
   if (a == minusInfinity || b == minusInfinity) outOfRange();
   // As PostgreSQL: the later moment minus the earlier one, the sign put back at the end.
   bool negative = a < b;
   Fields later = fieldsOf(negative ? b : a), earlier = fieldsOf(negative ? a : b);
   int64_t time = later.time - earlier.time, days = int64_t(later.day) - earlier.day;
   int64_t months = int64_t(later.month) - earlier.month, years = later.year - earlier.year;
   if (time < 0) {
      time += microsPerDay;
      --days;
   }
   while (days < 0) {
      // A month borrowed is as long as the earlier moment's month.
      days += date::daysInMonth(earlier.year, earlier.month);
      --months;
   }
   if (months < 0) {
      months += 12;
      --years;
   }
   int64_t totalMonths = years * 12 + months;
   if (totalMonths > INT32_MAX) throw Error("22008", "interval out of range");
   int32_t sign = negative ? -1 : 1;
   return Interval{sign * int32_t(totalMonths), sign * int32_t(days), sign * time};
}

std::optional<Unit> unitNamed(std::string_view name) {
   static const std::pair<const char*, Unit> names[] = {
      {"microsecond", Unit::Microseconds},
      {"microseconds", Unit::Microseconds},
      {"us", Unit::Microseconds},
      {"millisecond", Unit::Milliseconds},
      {"milliseconds", Unit::Milliseconds},
      {"ms", Unit::Milliseconds},
      {"second", Unit::Second},
      {"seconds", Unit::Second},
      {"sec", Unit::Second},
      {"minute", Unit::Minute},
      {"minutes", Unit::Minute},
      {"min", Unit::Minute},
      {"hour", Unit::Hour},
      {"hours", Unit::Hour},
      {"h", Unit::Hour},
      {"day", Unit::Day},
      {"days", Unit::Day},
      {"d", Unit::Day},
      {"week", Unit::Week},
      {"weeks", Unit::Week},
      {"w", Unit::Week},
      {"month", Unit::Month},
      {"months", Unit::Month},
      {"mon", Unit::Month},
      {"quarter", Unit::Quarter},
      {"qtr", Unit::Quarter},
      {"year", Unit::Year},
      {"years", Unit::Year},
      {"y", Unit::Year},
      {"decade", Unit::Decade},
      {"decades", Unit::Decade},
      {"century", Unit::Century},
      {"centuries", Unit::Century},
      {"millennium", Unit::Millennium},
      {"millennia", Unit::Millennium},
   };
   for (auto& [unitName, unit] : names)
      if (name == unitName) return unit;
   return std::nullopt;
}

int64_t startOfUnit(int64_t micros, Unit unit) {
   auto within = [&](int64_t step) { return floorDiv(micros, step) * step; };
   switch (unit) {
      case Unit::Microseconds: return micros;
      case Unit::Milliseconds: return within(1000);
      case Unit::Second: return within(microsPerSecond);
      case Unit::Minute: return within(microsPerMinute);
      case Unit::Hour: return within(microsPerHour);
      case Unit::Day: return within(microsPerDay);
      case Unit::Week: {
         // To the Monday of the ISO week; 2000-01-03 was a Monday.
         int64_t days = toDate(micros);
         return (days - (((days - 2) % 7 + 7) % 7)) * microsPerDay;
      }
      default: break;
   }
   int64_t year;
   unsigned month, day;
   date::toCivil(toDate(micros), year, month, day);
   // Decades, centuries and millennia as PostgreSQL's timestamp_trunc counts them (year 0 is 1 BC).
   switch (unit) {
      case Unit::Month: break;
      case Unit::Quarter: month = (month - 1) / 3 * 3 + 1; break;
      case Unit::Year: month = 1; break;
      case Unit::Decade:
         month = 1;
         year = year > 0 ? year / 10 * 10 : -((8 - (year - 1)) / 10) * 10;
         break;
      case Unit::Century:
         month = 1;
         year = year > 0 ? (year + 99) / 100 * 100 - 99 : -((99 - (year - 1)) / 100) * 100 + 1;
         break;
      case Unit::Millennium:
         month = 1;
         year = year > 0 ? (year + 999) / 1000 * 1000 - 999 : -((999 - (year - 1)) / 1000) * 1000 + 1;
         break;
      default: break;
   }
   return date::dayNumber(year, month, 1) * microsPerDay;
}

int64_t truncate(int64_t micros, Unit unit) {
   if (!isFinite(micros)) return micros;
   int64_t truncated = startOfUnit(micros, unit);
   if (!inRange(truncated)) outOfRange();
   return truncated;
}

}  // namespace kiln::timestamp
