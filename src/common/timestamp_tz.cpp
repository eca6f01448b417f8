#include "common/timestamp_tz.h"

#include <cstdio>

namespace kiln::timestamptz {

using interval::microsPerDay;
using interval::microsPerSecond;

namespace {

/// "+01", "+05:30", "-00:53:28": PostgreSQL's offset after an ISO timestamp.
std::string offsetSuffix(int32_t secondsEast) {
   int32_t magnitude = secondsEast < 0 ? -secondsEast : secondsEast;
   char buffer[16];
   int n = std::snprintf(buffer, sizeof(buffer), "%c%02d", secondsEast < 0 ? '-' : '+', magnitude / 3600);
   if (magnitude % 60) std::snprintf(buffer + n, sizeof(buffer) - size_t(n), ":%02d:%02d", magnitude % 3600 / 60, magnitude % 60);
   else if (magnitude % 3600) std::snprintf(buffer + n, sizeof(buffer) - size_t(n), ":%02d", magnitude % 3600 / 60);
   return buffer;
}

int64_t shifted(int64_t local, int32_t secondsEast, std::string_view text = {}) {
   int64_t utc = local - int64_t(secondsEast) * microsPerSecond;
   if (!timestamp::inRange(utc)) throw Error("22008", text.empty() ? "timestamp out of range" : "timestamp out of range: \"" + std::string(text) + "\"");
   return utc;
}

}  // namespace

int64_t parse(std::string_view text, const TimeZone& zone) {
   datetime_input::Parts parts = datetime_input::parse(text, "timestamp with time zone");
   switch (parts.kind) {
      case datetime_input::Parts::Kind::Infinity: return timestamp::infinity;
      case datetime_input::Parts::Kind::MinusInfinity: return timestamp::minusInfinity;
      case datetime_input::Parts::Kind::Finite: break;
   }
   int64_t local = timestamp::localOf(parts, text);
   if (parts.offsetSeconds) {
      if (*parts.offsetSeconds <= -16 * 3600 || *parts.offsetSeconds >= 16 * 3600)
         throw Error("22009", "time zone displacement out of range: \"" + std::string(text) + "\"");
      return shifted(local, *parts.offsetSeconds, text);
   }
   const TimeZone& named = parts.zoneName.empty() ? zone : *TimeZone::forInput(parts.zoneName);
   return shifted(local, named.offsetOfLocal(local), text);
}

std::string format(int64_t utc, const TimeZone& zone) {
   if (!timestamp::isFinite(utc)) return timestamp::format(utc);
   int32_t offset = zone.offsetAt(utc);
   return timestamp::format(utc + int64_t(offset) * microsPerSecond, offsetSuffix(offset));
}

int64_t fromDate(int32_t days, const TimeZone& zone) {
   int64_t local = timestamp::fromDate(days);
   if (!timestamp::isFinite(local)) return local;
   int64_t utc = local - int64_t(zone.offsetOfLocal(local)) * microsPerSecond;
   if (!timestamp::inRange(utc)) throw Error("22008", "date out of range for timestamp");
   return utc;
}

int64_t fromDateForComparison(int32_t days, const TimeZone& zone) {
   int64_t local = timestamp::fromDateForComparison(days);
   // Past the range's ends an offset does not change the order (the value is below infinity).
   if (!timestamp::isFinite(local) || local >= timestamp::end) return local;
   return local - int64_t(zone.offsetOfLocal(local)) * microsPerSecond;
}

int32_t toDate(int64_t utc, const TimeZone& zone) { return timestamp::isFinite(utc) ? timestamp::toDate(zone.toLocal(utc)) : timestamp::toDate(utc); }

int64_t fromTimestamp(int64_t local, const TimeZone& zone) { return timestamp::isFinite(local) ? zone.toUtc(local) : local; }

int64_t toTimestamp(int64_t utc, const TimeZone& zone) {
   if (!timestamp::isFinite(utc)) return utc;
   int64_t local = zone.toLocal(utc);
   if (!timestamp::inRange(local)) throw Error("22008", "timestamp out of range");
   return local;
}

int64_t addInterval(int64_t utc, const Interval& interval, int32_t sign, const TimeZone& zone) {
   if (!timestamp::isFinite(utc)) return utc;
   // The local time may be past the range where the instant is not: only the instant is checked.
   auto onCalendar = [&](const Interval& part) {
      std::optional<int64_t> local = timestamp::addIntervalUnchecked(zone.toLocal(utc), part, sign);
      if (!local) throw Error("22008", "timestamp out of range");
      utc = zone.toUtc(*local);
   };
   if (interval.months) onCalendar(Interval{interval.months, 0, 0});
   if (interval.days) onCalendar(Interval{0, interval.days, 0});
   return timestamp::addInterval(utc, Interval{0, 0, interval.micros}, sign);
}

int64_t truncate(int64_t utc, timestamp::Unit unit, const TimeZone& zone) {
   if (!timestamp::isFinite(utc)) return utc;
   int32_t offset = zone.offsetAt(utc);
   int64_t local = timestamp::startOfUnit(utc + int64_t(offset) * microsPerSecond, unit);
   // Below a day the offset stays that of the value, as in PostgreSQL (an hour in a fall-back
   // overlap truncates within its own offset).
   return unit >= timestamp::Unit::Day ? zone.toUtc(local) : shifted(local, offset);
}

}  // namespace kiln::timestamptz
