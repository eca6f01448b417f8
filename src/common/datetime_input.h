// The text of a DATE, TIMESTAMP or TIMESTAMPTZ taken apart, as PostgreSQL's DecodeDateTime reads
// it: "YYYY-MM-DD[( |T)HH:MM[:SS[.fraction]]][zone][ BC]", "epoch", "infinity" and "-infinity"
// (these three may have a time, zone or era after them, checked and then ignored).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kiln::datetime_input {

struct Parts {
   enum class Kind { Finite, Infinity, MinusInfinity };
   Kind kind = Kind::Finite;
   int64_t days = 0;  // since 2000-01-01; a real day of the calendar, not yet checked against a type's range
   int64_t time = 0;  // microseconds since midnight
   std::optional<int32_t> offsetSeconds;  // "+05:30", "Z": seconds east of Greenwich
   std::string zoneName;                  // "Europe/Berlin", "UTC"
};

/// Throws 22007 (naming `typeName`) when malformed, 22008 "date/time field value out of range"
/// when a field is (a month 13, a day 30 of February, a year 0 or past 2^31, an hour 25).
Parts parse(std::string_view text, std::string_view typeName);

}  // namespace kiln::datetime_input
