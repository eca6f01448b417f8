// to_char of numbers: PostgreSQL's numeric template patterns (formatting.c's NUM patterns: 9, 0,
// ., ',', D, G, S, MI, PL, SG, PR, L, FM, "text"), as in the C locale.
#pragma once

#include <string>
#include <string_view>

#include "common/numeric.h"

namespace kiln::number_format {

/// to_char of an exact number, `unscaled` / 10^scale (integers with scale 0). Throws 42601 for a
/// malformed pattern, 0A000 for patterns kiln does not know (RN, EEEE, V, B, TH).
std::string formatDecimal(__int128 unscaled, unsigned scale, std::string_view pattern);
/// to_char of a NUMERIC without a precision, of any size.
std::string formatNumeric(const Numeric& value, std::string_view pattern);
/// to_char of a double precision (significantDigits 15) or real (6) number: no more fractional
/// digits than leave that many significant ones, as PostgreSQL's float8 and float4 to_char.
std::string formatDouble(double value, int significantDigits, std::string_view pattern);

}  // namespace kiln::number_format
