// DATE is int32 days since 2000-01-01 (PostgreSQL's epoch).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kiln::date {

int32_t fromCivil(int64_t year, unsigned month, unsigned day);
/// PostgreSQL's range of dates, 4714-11-24 BC to 5874897-12-31: [firstDay, endDay).
constexpr int32_t firstDay = -2451545;
constexpr int32_t endDay = 2145031949;
void toCivil(int32_t days, int64_t& year, unsigned& month, unsigned& day);
bool isValid(int64_t year, unsigned month, unsigned day);
unsigned daysInMonth(int64_t year, unsigned month);

/// Accepts ISO "YYYY-MM-DD", then AD or BC, with optional blanks. nullopt when malformed;
/// `outOfRange` is set when the shape is right but the fields are not a real date.
std::optional<int32_t> parse(std::string_view text, bool& outOfRange);
std::string format(int32_t days);

/// Adds months the way PostgreSQL does: the day is clamped to the end of the target month.
int32_t addMonths(int32_t days, int32_t months);

}  // namespace kiln::date
