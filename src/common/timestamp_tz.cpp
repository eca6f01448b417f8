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

int64_t shifted(int64_t local, int32_t secondsEast) {
   int64_t utc = local - int64_t(secondsEast) * microsPerSecond;
   if (!timestamp::inRange(utc)) throw Error("22008", "timestamp out of range");
   return utc;
}

}  // namespace

int64_t parse(std::string_view text, const TimeZone& zone) {
   timestamp::ParsedTimestamp parts = timestamp::parseParts(text, "timestamp with time zone");
   if (parts.offsetSeconds) {
      if (*parts.offsetSeconds <= -16 * 3600 || *parts.offsetSeconds >= 16 * 3600)
         throw Error("22009", "time zone displacement out of range: \"" + std::string(text) + "\"");
      return shifted(parts.local, *parts.offsetSeconds);
   }
   if (!parts.zoneName.empty()) return TimeZone::forInput(parts.zoneName)->toUtc(parts.local);
   return zone.toUtc(parts.local);
}

std::string format(int64_t utc, const TimeZone& zone) {
   int32_t offset = zone.offsetAt(utc);
   return timestamp::format(utc + int64_t(offset) * microsPerSecond, offsetSuffix(offset));
}

int64_t fromDate(int32_t days, const TimeZone& zone) { return zone.toUtc(timestamp::fromDate(days)); }

int32_t toDate(int64_t utc, const TimeZone& zone) { return timestamp::toDate(zone.toLocal(utc)); }

int64_t addInterval(int64_t utc, const Interval& interval, int32_t sign, const TimeZone& zone) {
   if (interval.months) utc = zone.toUtc(timestamp::addInterval(zone.toLocal(utc), Interval{interval.months, 0, 0}, sign));
   if (interval.days) utc = zone.toUtc(timestamp::addInterval(zone.toLocal(utc), Interval{0, interval.days, 0}, sign));
   return timestamp::addInterval(utc, Interval{0, 0, interval.micros}, sign);
}

int64_t truncate(int64_t utc, timestamp::Unit unit, const TimeZone& zone) {
   int32_t offset = zone.offsetAt(utc);
   int64_t local = timestamp::truncate(utc + int64_t(offset) * microsPerSecond, unit);
   // Below a day the offset stays that of the value, as in PostgreSQL (an hour in a fall-back
   // overlap truncates within its own offset).
   return unit >= timestamp::Unit::Day ? zone.toUtc(local) : shifted(local, offset);
}

}  // namespace kiln::timestamptz
