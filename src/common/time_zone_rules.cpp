#include "common/time_zone_rules.h"

#include <algorithm>

#include "common/date.h"

namespace kiln {

namespace {

constexpr int64_t secondsPerDay = 86'400;
constexpr int32_t unixEpochDay = 10'957;  // 1970-01-01 in days since 2000-01-01

int64_t floorDiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

int64_t yearOf(int64_t unixSeconds) {
   int64_t year;
   unsigned month, day;
   date::toCivil(int32_t(floorDiv(unixSeconds, secondsPerDay) - unixEpochDay), year, month, day);
   return year;
}

bool isLeap(int64_t year) { return date::daysInMonth(year, 2) == 29; }

/// A cursor over a POSIX TZ string.
struct RuleScanner {
   std::string_view text;
   size_t i = 0;

   char peek() const { return i < text.size() ? text[i] : '\0'; }
   bool take(char c) {
      if (peek() != c) return false;
      ++i;
      return true;
   }
   bool number(int& out, int maxValue) {
      size_t start = i;
      out = 0;
      while (peek() >= '0' && peek() <= '9' && out <= maxValue) out = out * 10 + (text[i++] - '0');
      return i > start && out <= maxValue;
   }
   /// A zone abbreviation: letters, or anything between < and >. May be empty.
   bool name(std::string& out) {
      bool quoted = take('<');
      size_t start = i;
      if (quoted) {
         while (peek() && peek() != '>') ++i;
      } else {
         while ((peek() >= 'a' && peek() <= 'z') || (peek() >= 'A' && peek() <= 'Z')) ++i;
      }
      out = text.substr(start, i - start);
      return !quoted || take('>');
   }
   /// [+-]hh[:mm[:ss]] in seconds, POSIX's sign (positive: west of Greenwich).
   bool offset(int32_t& seconds, int maxHours) {
      int sign = take('-') ? -1 : (take('+'), 1);
      int hours, minutes = 0, secs = 0;
      if (!number(hours, maxHours)) return false;
      if (take(':') && (!number(minutes, 59) || (take(':') && !number(secs, 59)))) return false;
      seconds = sign * (hours * 3600 + minutes * 60 + secs);
      return true;
   }
   bool date(PosixZoneRule::Date& d) {
      if (take('M')) {
         d.kind = 'M';
         if (!number(d.month, 12) || d.month < 1 || !take('.') || !number(d.week, 5) || d.week < 1 || !take('.') || !number(d.day, 6)) return false;
      } else {
         d.kind = take('J') ? 'J' : 'D';
         if (!number(d.day, 365) || (d.kind == 'J' && d.day < 1)) return false;
      }
      d.time = 7200;
      return !take('/') || offset(d.time, 167);
   }
};

}  // namespace

std::optional<PosixZoneRule> PosixZoneRule::parse(std::string_view text) {
   RuleScanner s{text};
   PosixZoneRule rule;
   int32_t west;
   if (!s.name(rule.standardName) || !s.offset(west, 24)) return std::nullopt;
   rule.standardOffset = -west;
   if (s.peek() && s.peek() != ',') {
      size_t before = s.i;
      if (!s.name(rule.daylightName) || s.i == before) return std::nullopt;
      rule.daylightOffset = rule.standardOffset + 3600;
      if (s.peek() && s.peek() != ',') {
         if (!s.offset(west, 24)) return std::nullopt;
         rule.daylightOffset = -west;
      }
      if (s.take(',') && (!s.date(rule.start) || !s.take(',') || !s.date(rule.end))) return std::nullopt;
   }
   if (s.peek()) return std::nullopt;
   return rule;
}

int64_t PosixZoneRule::transition(int64_t year, bool startOfDaylight) const {
   const Date& d = startOfDaylight ? start : end;
   int64_t day;  // days since 2000-01-01
   if (d.kind == 'M') {
      int32_t first = date::fromCivil(year, unsigned(d.month), 1);
      int weekdayOfFirst = int(((first + 6) % 7 + 7) % 7);  // 2000-01-01 was a Saturday
      int monthDay = 1 + (d.day - weekdayOfFirst + 7) % 7 + 7 * (d.week - 1);
      while (monthDay > int(date::daysInMonth(year, unsigned(d.month)))) monthDay -= 7;
      day = first + monthDay - 1;
   } else {
      int dayOfYear = d.kind == 'J' ? d.day - 1 + (isLeap(year) && d.day >= 60) : d.day;
      day = date::fromCivil(year, 1, 1) + int64_t(dayOfYear);
   }
   // The rule's time is local: standard time before the start, daylight time before the end.
   int32_t offsetBefore = startOfDaylight ? standardOffset : *daylightOffset;
   return (day + unixEpochDay) * secondsPerDay + d.time - offsetBefore;
}

bool PosixZoneRule::isDaylight(int64_t unixSeconds) const {
   if (!daylightOffset) return false;
   int64_t year = yearOf(unixSeconds);
   int64_t from = transition(year, true), to = transition(year, false);
   return from < to ? unixSeconds >= from && unixSeconds < to : !(unixSeconds >= to && unixSeconds < from);
}

int32_t PosixZoneRule::offsetAt(int64_t unixSeconds) const { return isDaylight(unixSeconds) ? *daylightOffset : standardOffset; }

const std::string& PosixZoneRule::abbreviationAt(int64_t unixSeconds) const { return isDaylight(unixSeconds) ? daylightName : standardName; }

std::optional<int64_t> PosixZoneRule::nextChange(int64_t unixSeconds) const {
   if (!daylightOffset) return std::nullopt;
   int64_t year = yearOf(unixSeconds);
   std::optional<int64_t> next;
   for (int64_t y : {year, year + 1})
      for (bool startOfDaylight : {true, false})
         if (int64_t t = transition(y, startOfDaylight); t > unixSeconds && (!next || t < *next)) next = t;
   return next;
}

TimeZoneRules TimeZoneRules::fixed(int32_t secondsEast, std::string abbreviation) {
   TimeZoneRules rules;
   rules.initialOffset_ = secondsEast;
   rules.initialAbbreviation_ = std::move(abbreviation);
   return rules;
}

TimeZoneRules TimeZoneRules::ofRule(PosixZoneRule rule) {
   TimeZoneRules rules;
   rules.initialOffset_ = rule.standardOffset;
   rules.initialAbbreviation_ = rule.standardName;
   rules.rule_ = rule;
   return rules;
}

std::optional<TimeZoneRules> TimeZoneRules::ofTzif(std::string_view bytes) {
   size_t pos = 0;
   auto need = [&](size_t n) { return pos + n <= bytes.size(); };
   auto u8 = [&] { return uint8_t(bytes[pos++]); };
   auto be = [&](int width) {
      uint64_t v = 0;
      for (int k = 0; k < width; ++k) v = v << 8 | u8();
      return width == 4 ? int64_t(int32_t(uint32_t(v))) : int64_t(v);
   };
   struct Header {
      int64_t isut, isstd, leap, time, type, chars;
   };
   auto header = [&](Header& h) {
      if (!need(44) || bytes.substr(pos, 4) != "TZif") return false;
      pos += 20;
      h = {be(4), be(4), be(4), be(4), be(4), be(4)};
      return h.type > 0;
   };
   Header h;
   if (!header(h)) return std::nullopt;
   int width = 4;
   if (bytes[4] >= '2') {
      // Skip the 32-bit block: version 2 and later repeat the data with 64-bit times.
      pos += size_t(h.time * 5 + h.type * 6 + h.chars + h.leap * 8 + h.isstd + h.isut);
      if (!header(h)) return std::nullopt;
      width = 8;
   }
   if (h.leap) return std::nullopt;  // "right/" zones count leap seconds; PostgreSQL refuses them too
   if (!need(size_t(h.time * (width + 1) + h.type * 6 + h.chars + h.isstd + h.isut))) return std::nullopt;
   std::vector<int64_t> times(size_t(h.time));
   for (auto& t : times) t = be(width);
   std::vector<uint8_t> typeIndexes(size_t(h.time));
   for (auto& index : typeIndexes) index = u8();
   std::vector<int32_t> offsets(size_t(h.type));
   std::vector<uint8_t> abbreviationIndexes(size_t(h.type));
   for (size_t k = 0; k < offsets.size(); ++k) {
      offsets[k] = int32_t(be(4));
      ++pos;  // isdst
      abbreviationIndexes[k] = u8();
   }
   // The abbreviations: NUL-terminated strings, each type naming where its own starts.
   std::string_view characters = bytes.substr(pos, size_t(h.chars));
   auto abbreviation = [&](size_t type) {
      std::string_view rest = characters.substr(std::min<size_t>(abbreviationIndexes[type], characters.size()));
      return std::string(rest.substr(0, rest.find('\0')));
   };
   pos += size_t(h.chars + h.isstd + h.isut);
   TimeZoneRules rules;
   rules.initialOffset_ = offsets[0];
   rules.initialAbbreviation_ = abbreviation(0);
   for (size_t k = 0; k < times.size(); ++k) {
      if (typeIndexes[k] >= offsets.size()) return std::nullopt;
      rules.transitions_.push_back({times[k], offsets[typeIndexes[k]], abbreviation(typeIndexes[k])});
   }
   if (width == 8 && need(1) && bytes[pos] == '\n') {
      size_t close = bytes.find('\n', pos + 1);
      if (close != std::string_view::npos && close > pos + 1) rules.rule_ = PosixZoneRule::parse(bytes.substr(pos + 1, close - pos - 1));
   }
   return rules;
}

int32_t TimeZoneRules::offsetAt(int64_t unixSeconds) const {
   auto after = std::upper_bound(transitions_.begin(), transitions_.end(), unixSeconds, [](int64_t t, const Transition& x) { return t < x.at; });
   if (after == transitions_.end() && rule_) return rule_->offsetAt(unixSeconds);
   return after == transitions_.begin() ? initialOffset_ : std::prev(after)->offset;
}

const std::string& TimeZoneRules::abbreviationAt(int64_t unixSeconds) const {
   auto after = std::upper_bound(transitions_.begin(), transitions_.end(), unixSeconds, [](int64_t t, const Transition& x) { return t < x.at; });
   if (after == transitions_.end() && rule_) return rule_->abbreviationAt(unixSeconds);
   return after == transitions_.begin() ? initialAbbreviation_ : std::prev(after)->abbreviation;
}

std::optional<int64_t> TimeZoneRules::nextTransition(int64_t unixSeconds) const {
   auto after = std::upper_bound(transitions_.begin(), transitions_.end(), unixSeconds, [](int64_t t, const Transition& x) { return t < x.at; });
   if (after != transitions_.end()) return after->at;
   return rule_ ? rule_->nextChange(unixSeconds) : std::nullopt;
}

}  // namespace kiln
