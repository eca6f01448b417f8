// TIMESTAMP (without time zone) is int64 microseconds since 2000-01-01 00:00:00, PostgreSQL's
// representation, so a DATE's midnight is its day number times microsPerDay.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/datetime_input.h"
#include "common/interval.h"
#include "kiln/kiln.h"

namespace kiln::timestamp {

/// PostgreSQL's range: 4714-11-24 00:00:00 BC up to (not including) 294277-01-01.
constexpr int64_t minimum = -211'813'488'000'000'000;
constexpr int64_t end = 9'223'371'331'200'000'000;
/// The first day whose midnight is past the range (294277-01-01).
constexpr int32_t endDay = int32_t(end / interval::microsPerDay);
/// -infinity and infinity: the smallest and largest int64, as in PostgreSQL.
constexpr int64_t minusInfinity = INT64_MIN;
constexpr int64_t infinity = INT64_MAX;
constexpr int64_t microsPerMinute = 60 * interval::microsPerSecond;
constexpr int64_t microsPerHour = 60 * microsPerMinute;
/// Microseconds from 1970-01-01 (the Unix epoch) to 2000-01-01.
constexpr int64_t unixEpochOffset = 946'684'800'000'000;

inline bool inRange(int64_t micros) { return micros >= minimum && micros < end; }
inline bool isFinite(int64_t micros) { return micros != minusInfinity && micros != infinity; }

/// TIMESTAMP input (common/datetime_input.h): a zone is checked, then ignored, as PostgreSQL does
/// for timestamp without time zone. Throws 22007 when malformed, 22008 out of range.
int64_t parse(std::string_view text);
/// The timestamp that input text of a finite date and time names, before any zone is applied;
/// 22008 "timestamp out of range" (with the text) beyond the range.
int64_t localOf(const datetime_input::Parts& parts, std::string_view text);
/// "2024-03-01 12:34:56.789": fractional seconds without trailing zeros, then `zoneSuffix`
/// ("+02"), then " BC" for years <= 0; "infinity", "-infinity".
std::string format(int64_t micros, std::string_view zoneSuffix = {});
/// "12:34:56.789" of microseconds since midnight (up to 24:00:00).
std::string formatTimeOfDay(int64_t time);
/// Rounded to `digits` fractional digits (TIMESTAMP(p)), half away from zero; infinities stay.
int64_t round(int64_t micros, unsigned digits);

/// Midnight of the day (an infinite date the infinite timestamp); throws 22008 "date out of range
/// for timestamp" when the day is beyond the timestamp range.
int64_t fromDate(int32_t days);
/// A date as a value that compares with timestamps as PostgreSQL's date_cmp_timestamp compares
/// it: its midnight, or for a day past the timestamp range a value above every finite timestamp
/// (and below infinity), in the order of the days. Not a timestamp to show.
int64_t fromDateForComparison(int32_t days);
/// The day the timestamp falls on (an infinite timestamp the infinite date).
int32_t toDate(int64_t micros);
/// Microseconds since midnight (of a finite timestamp).
int64_t timeOfDay(int64_t micros);

/// micros + sign * interval: months calendar-wise (the day clamped to the month's end), then days,
/// then the time part, as PostgreSQL's timestamp_pl_interval; an infinity stays as it is. Throws
/// 22008 out of range.
int64_t addInterval(int64_t micros, const Interval& interval, int32_t sign);
/// The same for a finite timestamp, unchecked against the range (nullopt only when int64
/// overflows): a timestamptz checks the instant, not its local time.
std::optional<int64_t> addIntervalUnchecked(int64_t micros, const Interval& interval, int32_t sign);
/// a - b as PostgreSQL's timestamp_mi: whole days and a time part, no months. Throws 22008 for
/// an infinity, and when the difference overflows int64 (where PostgreSQL 15 wraps around).
Interval difference(int64_t a, int64_t b);
/// age(a, b) as PostgreSQL's timestamp_age: a - b in years, months, days and time, field by
/// field, a negative field borrowing from the next (days from the month of the earlier moment).
/// Infinity counts as the day and time its int64 names, as in PostgreSQL 15; -infinity is out of
/// range (22008).
Interval age(int64_t a, int64_t b);

/// date_trunc's units, in the order the binder passes them to generated code.
enum class Unit : int32_t { Microseconds, Milliseconds, Second, Minute, Hour, Day, Week, Month, Quarter, Year, Decade, Century, Millennium };
/// The unit named (lower case, plural accepted as PostgreSQL does), or nullopt.
std::optional<Unit> unitNamed(std::string_view name);
/// date_trunc(unit, micros); an infinity stays as it is; 22008 when the start of the unit is
/// before the range.
int64_t truncate(int64_t micros, Unit unit);
/// The start of the unit a finite timestamp is in, unchecked against the range.
int64_t startOfUnit(int64_t micros, Unit unit);

}  // namespace kiln::timestamp
