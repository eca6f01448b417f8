#include "common/timestamp.h"

#include <cstdio>

#include "common/datetime_scanner.h"
#include "common/date.h"
#include "common/interval.h"
#include "common/time_zone.h"

namespace kiln::timestamp {

using interval::microsPerDay;
using interval::microsPerSecond;

namespace {

[[noreturn]] void malformed(std::string_view text, std::string_view typeName) {
   throw Error("22007", "invalid input syntax for type " + std::string(typeName) + ": \"" + std::string(text) + "\"");
}
[[noreturn]] void fieldOutOfRange(std::string_view text) {
   throw Error("22008", "date/time field value out of range: \"" + std::string(text) + "\"");
}
[[noreturn]] void outOfRange() { throw Error("22008", "timestamp out of range"); }

int64_t floorDiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

bool isZoneNameCharacter(char c) {
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '_' || c == '+' || c == '-';
}

/// A zone after the time: "Z", "+hh", "-hh:mm", "+hhmm", "+hh:mm:ss" (ISO signs: + is east of
/// Greenwich) or a name ("UTC", "Europe/Berlin"). False when none follows.
bool zone(DatetimeScanner& s, ParsedTimestamp& out) {
   if (s.peek() == '+' || s.peek() == '-') {
      int sign = s.text[s.i++] == '-' ? -1 : 1;
      int64_t hours, minutes = 0, seconds = 0;
      size_t digits;
      if (!s.number(hours, 4, &digits) || digits == 3) return false;
      if (digits == 4) {
         minutes = hours % 100;
         hours /= 100;
      } else if (s.take(':') && (!s.number(minutes, 2) || (s.take(':') && !s.number(seconds, 2)))) {
         return false;
      }
      out.offsetSeconds = int32_t(sign * (hours * 3600 + minutes * 60 + seconds));
      return true;
   }
   DatetimeScanner probe = s;
   if (probe.word("bc") || probe.word("ad")) {
      if (!isZoneNameCharacter(probe.peek())) return false;
   }
   char first = s.peek();
   if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) return false;
   size_t start = s.i;
   while (isZoneNameCharacter(s.peek())) ++s.i;
   out.zoneName = std::string(s.text.substr(start, s.i - start));
   if (out.zoneName == "Z" || out.zoneName == "z") {
      out.zoneName.clear();
      out.offsetSeconds = 0;
   }
   return true;
}

/// Whether a zone word can be a zone: tz database names have a slash; of the abbreviations only
/// UTC and GMT are known (PostgreSQL's timezone_abbreviations are not).
bool knownZoneForm(std::string_view name) {
   if (name.empty() || name.find('/') != std::string_view::npos) return true;
   std::string lower;
   for (char c : name) lower.push_back(char(c | 0x20));
   return lower == "utc" || lower == "gmt";
}

}  // namespace

ParsedTimestamp parseParts(std::string_view text, std::string_view typeName) {
   DatetimeScanner s{text};
   s.skipBlanks();
   if (s.word("epoch")) {
      s.skipBlanks();
      if (!s.atEnd()) malformed(text, typeName);
      return {-unixEpochOffset, 0, {}};
   }
   for (const char* special : {"infinity", "-infinity", "now", "today", "tomorrow", "yesterday", "allballs"}) {
      DatetimeScanner probe = s;
      if (probe.word(special)) {
         probe.skipBlanks();
         if (probe.atEnd()) throw Error("0A000", std::string(typeName) + " input \"" + std::string(text) + "\" is not supported");
      }
   }
   ParsedTimestamp result{};
   int64_t year, month, day, time = 0;
   if (!s.number(year, 7) || !s.take('-') || !s.number(month, 2) || !s.take('-') || !s.number(day, 2)) malformed(text, typeName);
   bool timeFollows = s.take('T') || s.take('t');
   if (!timeFollows && (s.peek() == ' ' || s.peek() == '\t')) {
      s.skipBlanks();
      timeFollows = s.isDigit();
   }
   bool timeInRange = true;
   if (timeFollows) {
      if (!s.timeOfDay(time, timeInRange)) malformed(text, typeName);
      s.skipBlanks();
      if (zone(s, result)) {
         if (!knownZoneForm(result.zoneName)) malformed(text, typeName);
         s.skipBlanks();
      }
   }
   bool bc = false;
   if (s.word("bc")) bc = true;
   else s.word("ad");
   s.skipBlanks();
   if (!s.atEnd()) malformed(text, typeName);
   if (year == 0) fieldOutOfRange(text);  // there is no year 0 (as written; 1 BC is the year before 1)
   if (bc) year = 1 - year;
   if (!timeInRange) fieldOutOfRange(text);
   if (!date::isValid(year, unsigned(month), unsigned(day))) {
      if (year > 5874897) throw Error("22008", "timestamp out of range: \"" + std::string(text) + "\"");
      fieldOutOfRange(text);
   }
   result.local = int64_t(date::fromCivil(year, unsigned(month), unsigned(day))) * microsPerDay + time;
   if (!inRange(result.local)) throw Error("22008", "timestamp out of range: \"" + std::string(text) + "\"");
   return result;
}

int64_t parse(std::string_view text) {
   ParsedTimestamp parts = parseParts(text, "timestamp");
   if (!parts.zoneName.empty()) TimeZone::forInput(parts.zoneName);  // PostgreSQL checks the zone it then ignores
   return parts.local;
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
   std::string day = date::format(toDate(micros));
   bool bc = day.size() > 3 && day.compare(day.size() - 3, 3, " BC") == 0;
   if (bc) day.resize(day.size() - 3);
   return day + " " + formatTimeOfDay(timeOfDay(micros)) + std::string(zoneSuffix) + (bc ? " BC" : "");
}

int64_t round(int64_t micros, unsigned digits) {
   if (digits >= 6) return micros;
   int64_t scale = 1;
   for (unsigned i = digits; i < 6; ++i) scale *= 10;
   // Half away from zero, as PostgreSQL's AdjustTimestampForTypmod.
   int64_t magnitude = (micros < 0 ? -micros : micros) + scale / 2;
   magnitude -= magnitude % scale;
   return micros < 0 ? -magnitude : magnitude;
}

int64_t fromDate(int32_t days) {
   int64_t micros = int64_t(days) * microsPerDay;
   if (!inRange(micros)) throw Error("22008", "date out of range for timestamp");
   return micros;
}

int32_t toDate(int64_t micros) { return int32_t(floorDiv(micros, microsPerDay)); }

int64_t timeOfDay(int64_t micros) { return micros - floorDiv(micros, microsPerDay) * microsPerDay; }

int64_t addInterval(int64_t micros, const Interval& interval, int32_t sign) {
   int64_t days = toDate(micros);
   if (interval.months) days = date::addMonths(int32_t(days), sign * interval.months);
   int64_t result, dayMicros, spanMicros;
   if (__builtin_mul_overflow(days, microsPerDay, &result) || __builtin_add_overflow(result, timeOfDay(micros), &result) ||
       __builtin_mul_overflow(int64_t(sign) * interval.days, microsPerDay, &dayMicros) || __builtin_add_overflow(result, dayMicros, &result) ||
       __builtin_mul_overflow(int64_t(sign), interval.micros, &spanMicros) || __builtin_add_overflow(result, spanMicros, &result) || !inRange(result))
      outOfRange();
   return result;
}

Interval difference(int64_t a, int64_t b) {
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
      date::toCivil(toDate(micros), f.year, f.month, f.day);
      f.time = timeOfDay(micros);
      return f;
   };
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
      {"microsecond", Unit::Microseconds}, {"microseconds", Unit::Microseconds}, {"us", Unit::Microseconds},
      {"millisecond", Unit::Milliseconds}, {"milliseconds", Unit::Milliseconds}, {"ms", Unit::Milliseconds},
      {"second", Unit::Second},            {"seconds", Unit::Second},            {"sec", Unit::Second},
      {"minute", Unit::Minute},            {"minutes", Unit::Minute},            {"min", Unit::Minute},
      {"hour", Unit::Hour},                {"hours", Unit::Hour},                {"h", Unit::Hour},
      {"day", Unit::Day},                  {"days", Unit::Day},                  {"d", Unit::Day},
      {"week", Unit::Week},                {"weeks", Unit::Week},                {"w", Unit::Week},
      {"month", Unit::Month},              {"months", Unit::Month},              {"mon", Unit::Month},
      {"quarter", Unit::Quarter},          {"qtr", Unit::Quarter},               {"year", Unit::Year},
      {"years", Unit::Year},               {"y", Unit::Year},                    {"decade", Unit::Decade},
      {"decades", Unit::Decade},           {"century", Unit::Century},           {"centuries", Unit::Century},
      {"millennium", Unit::Millennium},    {"millennia", Unit::Millennium},
   };
   for (auto& [unitName, unit] : names)
      if (name == unitName) return unit;
   return std::nullopt;
}

int64_t truncate(int64_t micros, Unit unit) {
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
   return int64_t(date::fromCivil(year, month, 1)) * microsPerDay;
}

}  // namespace kiln::timestamp
