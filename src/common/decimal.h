// Exact fixed-point DECIMAL(p,s): an integer scaled by 10^s, int64 up to p = 18, int128 up to 38.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kiln::decimal {

constexpr unsigned maxPrecision = 38;
constexpr unsigned maxInt64Precision = 18;

/// 10^exponent for exponent in [0, 38].
__int128 pow10(unsigned exponent);

enum class ParseStatus { Ok, Malformed, Overflow };
/// Parses "[-+]digits[.digits][e[-+]digits]" into an integer scaled by 10^scale, rounding half away
/// from zero; Overflow when the value needs more than `precision` digits.
ParseStatus parse(std::string_view text, unsigned precision, unsigned scale, __int128& out);

std::string format(__int128 unscaled, unsigned scale);
std::string formatInt128(__int128 value);

/// Rescales `value` from scale `from` to scale `to`, rounding half away from zero when reducing.
/// Returns false on overflow of int128.
bool rescale(__int128 value, unsigned from, unsigned to, __int128& out);

/// Divides rounding half away from zero (PostgreSQL's numeric rounding).
__int128 divideRounded(__int128 dividend, __int128 divisor);

/// dividend * 10^scaleUp / divisor, rounded half away from zero, exact even where the product
/// needs more than 128 bits; false when the quotient does not fit int128. divisor != 0.
bool divideScaled(__int128 dividend, __int128 divisor, unsigned scaleUp, __int128& out);

}  // namespace kiln::decimal
