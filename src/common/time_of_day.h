// TIME (without time zone) is int64 microseconds since midnight, 0 up to 24:00:00 inclusive, as
// in PostgreSQL.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "kiln/kiln.h"

namespace kiln::time_of_day {

/// "HH:MM[:SS[.fraction]]" with an optional AM/PM, a date before it or a zone after it (both
/// ignored), and "allballs" (midnight). Throws 22007 when malformed, 22008 out of range.
int64_t parse(std::string_view text);
/// "12:34:56.789".
std::string format(int64_t time);
/// time + sign * interval's time part, around the clock (days and months do not move a time).
int64_t addInterval(int64_t time, const Interval& interval, int32_t sign);

}  // namespace kiln::time_of_day
