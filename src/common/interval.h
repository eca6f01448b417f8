// INTERVAL: months, days and microseconds kept apart, as in PostgreSQL.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kiln/kiln.h"

namespace kiln::interval {

constexpr int64_t microsPerSecond = 1'000'000;
constexpr int64_t microsPerDay = 86'400 * microsPerSecond;

/// "1 year 2 months 3 days 04:05:06", "90 days", "-2 hours", ... nullopt when malformed.
std::optional<Interval> parse(std::string_view text);
/// PostgreSQL's default IntervalStyle: "1 year 2 mons 3 days 04:05:06".
std::string format(const Interval& value);

/// justify_days (`days`: 30 days make a month), justify_hours (`hours`: 24 hours make a day), or
/// both (justify_interval), with the signs of the parts made to agree as PostgreSQL does; 22008
/// when a part overflows.
Interval justify(const Interval& value, bool days, bool hours);

/// value * factor, or value / factor (`divide`; 22012 for 0), as PostgreSQL's interval_mul and
/// interval_div: fractions of months become days, of days time; 22008 when a part overflows.
Interval scale(const Interval& value, double factor, bool divide);

}  // namespace kiln::interval
