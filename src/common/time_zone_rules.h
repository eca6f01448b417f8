// When a time zone's offset from UTC changes: the transitions of a TZif file (the system's tz
// database, RFC 8536) and, after the last of them, the POSIX TZ rule in its footer
// ("CET-1CEST,M3.5.0,M10.5.0/3"), which also describes zones set by such a string alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

/// A POSIX TZ rule: standard time, and daylight saving time between two yearly dates.
struct PosixZoneRule {
   struct Date {
      char kind;  // 'J': day 1-365 without Feb 29; 'D': day 0-365; 'M': month.week.weekday
      int month = 0, week = 0, day = 0;
      int32_t time = 7200;  // local seconds after midnight (may be negative or past 24 hours)
   };
   int32_t standardOffset = 0;  // seconds east of Greenwich
   std::optional<int32_t> daylightOffset;
   std::string standardName, daylightName;  // abbreviations ("CET", "CEST"), without <>
   Date start{'M', 3, 2, 0}, end{'M', 11, 1, 0};  // without a rule: the US rule, as the tz code assumes

   /// Parses "STD offset [DST [offset] [,start[/time],end[/time]]]"; an empty STD name is allowed,
   /// as PostgreSQL does. nullopt when malformed.
   static std::optional<PosixZoneRule> parse(std::string_view text);
   int32_t offsetAt(int64_t unixSeconds) const;
   const std::string& abbreviationAt(int64_t unixSeconds) const;
   /// The first change of offset after `unixSeconds`, nullopt without daylight saving time.
   std::optional<int64_t> nextChange(int64_t unixSeconds) const;

   private:
   bool isDaylight(int64_t unixSeconds) const;
   /// This year's start (or end) of daylight saving time in UTC.
   int64_t transition(int64_t year, bool startOfDaylight) const;
};

/// A zone's offsets over time; Unix seconds throughout.
class TimeZoneRules {
   public:
   /// Always `secondsEast`, abbreviated `abbreviation`.
   static TimeZoneRules fixed(int32_t secondsEast, std::string abbreviation);
   static TimeZoneRules ofRule(PosixZoneRule rule);
   /// The rules of a TZif file's contents; nullopt when it is not one (or uses leap seconds).
   static std::optional<TimeZoneRules> ofTzif(std::string_view bytes);

   /// Seconds east of Greenwich in effect at the instant.
   int32_t offsetAt(int64_t unixSeconds) const;
   /// The zone's abbreviation at the instant ("CEST", "+04"), what to_char's TZ shows.
   const std::string& abbreviationAt(int64_t unixSeconds) const;
   /// The first transition after the instant, nullopt when the offset never changes again.
   std::optional<int64_t> nextTransition(int64_t unixSeconds) const;

   private:
   struct Transition {
      int64_t at;
      int32_t offset;  // from `at` on
      std::string abbreviation;
   };
   std::vector<Transition> transitions_;  // ascending
   int32_t initialOffset_ = 0;            // before the first transition
   std::string initialAbbreviation_;
   std::optional<PosixZoneRule> rule_;    // after the last transition
};

}  // namespace kiln
