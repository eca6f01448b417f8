// to_char of dates, times and intervals: PostgreSQL's template patterns (formatting.c's DCH
// patterns: YYYY, MM, Mon, Month, DD, Day, HH24, MI, SS, MS, US, AM, TZ, OF, ..., FM, "text").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "kiln/kiln.h"

namespace kiln::datetime_format {

/// The fields a template shows, as PostgreSQL's struct pg_tm: for a timestamp its calendar
/// (year 0 is 1 BC), for an interval its parts (months split into years and months).
struct Fields {
   int64_t year = 0;
   int64_t month = 0;  // 1-12; 0-11 in an interval
   int64_t day = 0;
   int64_t hour = 0, minute = 0, second = 0, micros = 0;
   int64_t dayOfYear = 0;
   int weekday = 0;                          // 0 = Sunday
   bool isInterval = false;
   std::optional<std::string> zoneAbbreviation;  // timestamptz only
   int32_t offsetSeconds = 0;                // east of Greenwich
};

/// The fields of a local date and time (microseconds since 2000-01-01).
Fields ofTimestamp(int64_t local);
Fields ofInterval(const Interval& value);

/// to_char(value, pattern); throws 22007 for a pattern an interval cannot show (Month, Day, TZ, ...).
std::string format(const Fields& fields, std::string_view pattern);

/// to_date and to_timestamp: `text` read by `pattern` as PostgreSQL reads it outside FX mode
/// (a separator matches one separator or none, fields skip leading blanks, a number reads up to
/// its width when a number follows, else all its digits; YY and YYY pick the nearest year to
/// 2020). The local date and time; 22007 for text the pattern cannot read, 22008 for a field out
/// of range, 0A000 for a pattern kiln cannot read yet.
struct DateAndTime {
   int64_t days;  // since 2000-01-01: a day of the calendar, not checked against a type's range
   int64_t time;  // microseconds since midnight
};
DateAndTime parse(std::string_view text, std::string_view pattern);

}  // namespace kiln::datetime_format
