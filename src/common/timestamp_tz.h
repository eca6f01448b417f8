// TIMESTAMP WITH TIME ZONE is int64 microseconds since 2000-01-01 00:00:00 UTC, as TIMESTAMP's
// representation; the session's time zone (common/time_zone.h) only matters where a value meets
// a calendar: text in and out, casts to and from timestamp and date, fields, months and days.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/time_zone.h"
#include "common/timestamp.h"

namespace kiln::timestamptz {

/// TIMESTAMP's input forms; a time without a zone is local time in `zone`. Throws 22007, 22008,
/// or 22023 for an unknown zone name.
int64_t parse(std::string_view text, const TimeZone& zone);
/// "2024-03-01 12:00:00+01", "... 12:00:00+05:30", the local time in `zone` and its offset;
/// "infinity", "-infinity".
std::string format(int64_t utc, const TimeZone& zone);

/// The midnight of a day in `zone`; 22008 "date out of range for timestamp" beyond the range.
int64_t fromDate(int32_t days, const TimeZone& zone);
/// The midnight of a day in `zone` to compare with timestamptz values, as PostgreSQL's
/// date_cmp_timestamptz: never an error (timestamp::fromDateForComparison).
int64_t fromDateForComparison(int32_t days, const TimeZone& zone);
/// The day it is in `zone`.
int32_t toDate(int64_t utc, const TimeZone& zone);
/// The instant a TIMESTAMP names in `zone`; 22008 beyond the range.
int64_t fromTimestamp(int64_t local, const TimeZone& zone);
/// The TIMESTAMP it is in `zone`; 22008 beyond the range.
int64_t toTimestamp(int64_t utc, const TimeZone& zone);

/// utc + sign * interval as PostgreSQL's timestamptz_pl_interval: months and days on the local
/// calendar (so a day across a daylight saving change may be 23 or 25 hours), the time part in
/// absolute time; an infinity stays as it is. Throws 22008 out of range.
int64_t addInterval(int64_t utc, const Interval& interval, int32_t sign, const TimeZone& zone);
/// date_trunc(unit, utc) on the local calendar; units of a day and more land on a local midnight;
/// an infinity stays as it is.
int64_t truncate(int64_t utc, timestamp::Unit unit, const TimeZone& zone);

}  // namespace kiln::timestamptz
