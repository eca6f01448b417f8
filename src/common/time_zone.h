// A session's time zone (SET TIME ZONE): what TIMESTAMP WITH TIME ZONE values are read and shown
// in. UTC by default; a fixed offset; or a zone of the system's tz database (/usr/share/zoneinfo)
// with its daylight saving time, resolved as PostgreSQL resolves it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "common/time_zone_rules.h"

namespace kiln {

class TimeZone {
   public:
   static std::shared_ptr<const TimeZone> utc();
   /// SET TIME ZONE's value, as PostgreSQL reads it: a number of hours (east, SQL's sign), a tz
   /// database name (any case), or a POSIX TZ string ("UTC+3" is three hours WEST, POSIX's sign).
   /// Throws 22023 for anything else.
   static std::shared_ptr<const TimeZone> forSetting(std::string_view value);
   /// SET TIME ZONE INTERVAL '...': a fixed offset east of Greenwich.
   static std::shared_ptr<const TimeZone> ofOffset(int32_t secondsEast);
   /// A zone written in timestamp input ("UTC", "Europe/Berlin"); throws 22023 when unknown.
   static std::shared_ptr<const TimeZone> forInput(std::string_view name);
   /// The zone of AT TIME ZONE and timezone(), as PostgreSQL's timestamp_zone finds it: an
   /// abbreviation (only UTC, GMT and Z are known), a tz database name, or a POSIX TZ string
   /// ('+05' and '5' are five hours WEST, unlike SET TIME ZONE's numbers). Throws 22023 otherwise.
   static std::shared_ptr<const TimeZone> named(std::string_view name);

   /// SHOW TIME ZONE's text.
   const std::string& name() const { return name_; }
   /// Seconds east of Greenwich at the instant (microseconds since 2000-01-01 UTC).
   int32_t offsetAt(int64_t utc) const;
   /// Its abbreviation at the instant: "CEST", "UTC", "+02".
   const std::string& abbreviationAt(int64_t utc) const;
   /// The local date and time at the instant.
   int64_t toLocal(int64_t utc) const;
   /// The offset (seconds east) of a local date and time. In a spring-forward gap the offset
   /// before the gap counts, in a fall-back overlap the one after it (PostgreSQL's
   /// DetermineTimeZoneOffset).
   int32_t offsetOfLocal(int64_t local) const;
   /// The instant a local date and time names (offsetOfLocal). Throws 22008 "timestamp out of
   /// range" when it is beyond the timestamp range.
   int64_t toUtc(int64_t local) const;

   /// The zone of the statement running on this thread (UTC when none is).
   static const TimeZone& current();
   /// What current() returns on this thread; nullptr for none (UTC).
   static const TimeZone* installed() { return current_; }
   /// While it lives, current() on this thread is `zone`.
   class Scope {
      public:
      explicit Scope(const TimeZone& zone) : previous_(current_) { current_ = &zone; }
      ~Scope() { current_ = previous_; }
      Scope(const Scope&) = delete;
      Scope& operator=(const Scope&) = delete;

      private:
      const TimeZone* previous_;
   };

   TimeZone(std::string name, TimeZoneRules rules) : name_(std::move(name)), rules_(std::move(rules)) {}

   private:
   std::string name_;
   TimeZoneRules rules_;
   static inline thread_local const TimeZone* current_ = nullptr;
};

}  // namespace kiln
