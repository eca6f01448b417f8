// DATE is int32 days since 2000-01-01 (PostgreSQL's epoch); -infinity and infinity are the
// smallest and largest int32, as in PostgreSQL, so that they order before and after every day.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kiln::date {

/// PostgreSQL's range of dates, 4714-11-24 BC to 5874897-12-31: [firstDay, endDay).
constexpr int32_t firstDay = -2451545;
constexpr int32_t endDay = 2145031949;
constexpr int32_t minusInfinity = INT32_MIN;
constexpr int32_t infinity = INT32_MAX;

inline bool isFinite(int32_t days) { return days != minusInfinity && days != infinity; }
inline bool inRange(int64_t days) { return days >= firstDay && days < endDay; }

/// The day number of a valid day of the proleptic Gregorian calendar (year 0 is 1 BC), in 64
/// bits: years far beyond the range are not.
int64_t dayNumber(int64_t year, unsigned month, unsigned day);
/// dayNumber of a day in the range.
inline int32_t fromCivil(int64_t year, unsigned month, unsigned day) { return int32_t(dayNumber(year, month, day)); }
void toCivil(int32_t days, int64_t& year, unsigned& month, unsigned& day);
/// Whether the day is one of the calendar and within the range.
bool isValid(int64_t year, unsigned month, unsigned day);
unsigned daysInMonth(int64_t year, unsigned month);

/// DATE input: "YYYY-MM-DD" with PostgreSQL's other forms (common/datetime_input.h), a time
/// after it ignored. Throws 22007 when malformed, 22008 when a field or the date is out of range.
int32_t parse(std::string_view text);
/// "2024-03-01", "0044-03-15 BC", "infinity".
std::string format(int32_t days);

/// Adds months the way PostgreSQL does: the day is clamped to the end of the target month. In 64
/// bits: the result may be far beyond the range.
int64_t addMonths(int32_t days, int64_t months);

}  // namespace kiln::date
