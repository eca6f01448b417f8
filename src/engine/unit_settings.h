// Settings that are a number in a unit, read and shown as PostgreSQL reads and shows them: a
// number, then optionally one of the kind's units ("1500", "2s", " 1.5 min "), rounded to a whole
// number of the setting's base unit; shown in the largest unit that shows the value exactly.
#pragma once

#include <cstdint>
#include <string>

namespace kiln {

enum class SettingUnit { Milliseconds, Seconds, Megabytes };

struct UnitSetting {
   const char* name;
   SettingUnit unit;  // what a number without a unit counts, and what the value is kept in
   int64_t minimum, maximum;
};

/// The value of `text` for `setting`. Throws 22023 for anything else or a value out of range.
int64_t unitSettingValue(const UnitSetting& setting, const std::string& text);
/// A whole number of the base unit, checked against the range.
int64_t unitSettingValue(const UnitSetting& setting, double number, const std::string& text);
/// SHOW's text: "0", "2s", "5min", "512MB", "1GB".
std::string unitSettingText(SettingUnit unit, int64_t value);

}  // namespace kiln
