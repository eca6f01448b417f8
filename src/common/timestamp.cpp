#include "common/timestamp.h"

#include <cstdio>

#include "common/date.h"
#include "common/interval.h"

namespace kiln::timestamp {

using interval::microsPerDay;
using interval::microsPerSecond;
constexpr int64_t microsPerMinute = 60 * microsPerSecond;
constexpr int64_t microsPerHour = 60 * microsPerMinute;

namespace {

[[noreturn]] void malformed(std::string_view text) {
   throw Error("22007", "invalid input syntax for type timestamp: \"" + std::string(text) + "\"");
}
[[noreturn]] void fieldOutOfRange(std::string_view text) {
   throw Error("22008", "date/time field value out of range: \"" + std::string(text) + "\"");
}
[[noreturn]] void outOfRange() { throw Error("22008", "timestamp out of range"); }

int64_t floorDiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

/// A cursor over the input text with the small steps the grammar needs.
struct Scanner {
   std::string_view text;
   size_t i = 0;

   bool atEnd() const { return i >= text.size(); }
   char peek() const { return atEnd() ? '\0' : text[i]; }
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
      while (peek() >= '0' && peek() <= '9' && i - start < maxDigits) out = out * 10 + (text[i++] - '0');
      if (count) *count = i - start;
      return i > start;
   }
   bool word(std::string_view w) {
      if (text.size() - i < w.size()) return false;
      for (size_t k = 0; k < w.size(); ++k)
         if ((text[i + k] | 0x20) != w[k]) return false;
      i += w.size();
      return true;
   }
};

/// Fractional seconds after the point, rounded to microseconds (half away from zero, like rint on
/// the positive value PostgreSQL computes).
int64_t fractionMicros(Scanner& s) {
   int64_t micros = 0, scale = microsPerSecond;
   bool roundUp = false;
   for (size_t digits = 0; s.peek() >= '0' && s.peek() <= '9'; ++digits) {
      int digit = s.text[s.i++] - '0';
      if (digits < 6) micros += digit * (scale /= 10);
      else if (digits == 6) roundUp = digit >= 5;
   }
   return micros + roundUp;
}

/// "+hh", "-hh:mm", "+hhmm" or "Z": parsed to be ignored.
bool skipZone(Scanner& s) {
   if (s.take('Z') || s.take('z')) return true;
   if (s.peek() != '+' && s.peek() != '-') return false;
   ++s.i;
   int64_t value;
   size_t digits;
   if (!s.number(value, 4, &digits) || digits == 3) return false;
   if (digits <= 2 && s.take(':') && !s.number(value, 2)) return false;
   return true;
}

}  // namespace

int64_t parse(std::string_view text) {
   Scanner s{text};
   s.skipBlanks();
   if (s.word("epoch")) {
      s.skipBlanks();
      if (!s.atEnd()) malformed(text);
      return -unixEpochOffset;
   }
   for (const char* special : {"infinity", "-infinity", "now", "today", "tomorrow", "yesterday", "allballs"}) {
      Scanner probe = s;
      if (probe.word(special)) {
         probe.skipBlanks();
         if (probe.atEnd()) throw Error("0A000", "timestamp input \"" + std::string(text) + "\" is not supported");
      }
   }
   int64_t year, month, day, hour = 0, minute = 0, second = 0, micros = 0;
   if (!s.number(year, 7) || !s.take('-') || !s.number(month, 2) || !s.take('-') || !s.number(day, 2)) malformed(text);
   bool timeFollows = s.take('T') || s.take('t');
   if (!timeFollows && (s.peek() == ' ' || s.peek() == '\t')) {
      s.skipBlanks();
      timeFollows = s.peek() >= '0' && s.peek() <= '9';
   }
   if (timeFollows) {
      if (!s.number(hour, 2) || !s.take(':') || !s.number(minute, 2)) malformed(text);
      if (s.take(':')) {
         if (!s.number(second, 2)) malformed(text);
         if (s.take('.')) micros = fractionMicros(s);
      }
      skipZone(s);
      s.skipBlanks();
   }
   bool bc = false;
   if (s.word("bc")) bc = true;
   else s.word("ad");
   s.skipBlanks();
   if (!s.atEnd()) malformed(text);
   if (bc) {
      if (year == 0) fieldOutOfRange(text);
      year = 1 - year;
   }
   // 24:00:00 and a leap second 60 are accepted and roll over, as PostgreSQL does.
   bool timeValid = hour <= 24 && minute <= 59 && second <= 60 && (hour < 24 || (minute == 0 && second == 0 && micros == 0));
   if (!timeValid) fieldOutOfRange(text);
   if (!date::isValid(year, unsigned(month), unsigned(day))) {
      if (year > 5874897) throw Error("22008", "timestamp out of range: \"" + std::string(text) + "\"");
      fieldOutOfRange(text);
   }
   int64_t result = int64_t(date::fromCivil(year, unsigned(month), unsigned(day))) * microsPerDay + hour * microsPerHour +
                    minute * microsPerMinute + second * microsPerSecond + micros;
   if (!inRange(result)) throw Error("22008", "timestamp out of range: \"" + std::string(text) + "\"");
   return result;
}

std::string format(int64_t micros) {
   std::string day = date::format(toDate(micros));
   bool bc = day.size() > 3 && day.compare(day.size() - 3, 3, " BC") == 0;
   if (bc) day.resize(day.size() - 3);
   int64_t time = timeOfDay(micros);
   char buffer[48];
   int n = std::snprintf(buffer, sizeof(buffer), " %02lld:%02lld:%02lld", static_cast<long long>(time / microsPerHour),
                         static_cast<long long>(time / microsPerMinute % 60), static_cast<long long>(time / microsPerSecond % 60));
   if (int64_t fraction = time % microsPerSecond) {
      n += std::snprintf(buffer + n, sizeof(buffer) - size_t(n), ".%06lld", static_cast<long long>(fraction));
      while (buffer[n - 1] == '0') buffer[--n] = 0;
   }
   return day + buffer + (bc ? " BC" : "");
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
   int64_t result;
   if (__builtin_mul_overflow(days, microsPerDay, &result) || __builtin_add_overflow(result, timeOfDay(micros), &result) ||
       __builtin_add_overflow(result, int64_t(sign) * interval.days * microsPerDay, &result) ||
       __builtin_add_overflow(result, sign * interval.micros, &result) || !inRange(result))
      outOfRange();
   return result;
}

Interval difference(int64_t a, int64_t b) {
   int64_t micros;
   if (__builtin_sub_overflow(a, b, &micros)) throw Error("22008", "interval out of range");
   return Interval{0, int32_t(micros / microsPerDay), micros % microsPerDay};
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
