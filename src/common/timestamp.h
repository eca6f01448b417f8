// TIMESTAMP (without time zone) is int64 microseconds since 2000-01-01 00:00:00, PostgreSQL's
// representation, so a DATE's midnight is its day number times microsPerDay.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/interval.h"
#include "kiln/kiln.h"

namespace kiln::timestamp {

/// PostgreSQL's range: 4714-11-24 00:00:00 BC up to (not including) 294277-01-01.
constexpr int64_t minimum = -211'813'488'000'000'000;
constexpr int64_t end = 9'223'371'331'200'000'000;
constexpr int64_t microsPerMinute = 60 * interval::microsPerSecond;
constexpr int64_t microsPerHour = 60 * microsPerMinute;
/// Microseconds from 1970-01-01 (the Unix epoch) to 2000-01-01.
constexpr int64_t unixEpochOffset = 946'684'800'000'000;

inline bool inRange(int64_t micros) { return micros >= minimum && micros < end; }

/// A timestamp's text taken apart: the date and time as written, and the zone it names, if any.
struct ParsedTimestamp {
   int64_t local;
   std::optional<int32_t> offsetSeconds;  // "+05:30", "Z": seconds east of Greenwich
   std::string zoneName;                  // "Europe/Berlin", "UTC"
};
/// Accepts "YYYY-MM-DD[( |T)HH:MM[:SS[.fraction]]][zone][ BC]" with surrounding blanks, and
/// "epoch" (1970-01-01 in UTC). Throws 22007 (naming `typeName`) when malformed, 22008 when a
/// field or the result is out of range.
ParsedTimestamp parseParts(std::string_view text, std::string_view typeName);
/// TIMESTAMP input: a zone is ignored, as PostgreSQL does for timestamp without time zone.
int64_t parse(std::string_view text);
/// "2024-03-01 12:34:56.789": fractional seconds without trailing zeros, then `zoneSuffix`
/// ("+02"), then " BC" for years <= 0.
std::string format(int64_t micros, std::string_view zoneSuffix = {});
/// "12:34:56.789" of microseconds since midnight (up to 24:00:00).
std::string formatTimeOfDay(int64_t time);
/// Rounded to `digits` fractional digits (TIMESTAMP(p)), half away from zero.
int64_t round(int64_t micros, unsigned digits);

/// Midnight of the day; throws 22008 when the day is beyond the timestamp range.
int64_t fromDate(int32_t days);
/// The day the timestamp falls on.
int32_t toDate(int64_t micros);
/// Microseconds since midnight.
int64_t timeOfDay(int64_t micros);

/// micros + sign * interval: months calendar-wise (the day clamped to the month's end), then days,
/// then the time part, as PostgreSQL's timestamp_pl_interval. Throws 22008 out of range.
int64_t addInterval(int64_t micros, const Interval& interval, int32_t sign);
/// a - b as PostgreSQL's timestamp_mi: whole days and a time part, no months.
Interval difference(int64_t a, int64_t b);
/// age(a, b) as PostgreSQL's timestamp_age: a - b in years, months, days and time, field by
/// field, a negative field borrowing from the next (days from the month of the earlier moment).
Interval age(int64_t a, int64_t b);

/// date_trunc's units, in the order the binder passes them to generated code.
enum class Unit : int32_t { Microseconds, Milliseconds, Second, Minute, Hour, Day, Week, Month, Quarter, Year, Decade, Century, Millennium };
/// The unit named (lower case, plural accepted as PostgreSQL does), or nullopt.
std::optional<Unit> unitNamed(std::string_view name);
/// date_trunc(unit, micros).
int64_t truncate(int64_t micros, Unit unit);

}  // namespace kiln::timestamp
