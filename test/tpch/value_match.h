// When a value kiln computed counts as the expected TPC-H answer.
#pragma once

#include <string>

namespace kiln::tpch {

/// Equal strings match. Otherwise both must be numbers, and:
///  - with the same number of digits after the point, at most 6, they must be equal exactly: that is
///    money (sums and products of DECIMAL(15,2)), which exact decimal arithmetic gets right to the digit;
///  - else (averages and ratios, which the answers hold as doubles) they match within the tolerance of
///    shared/tpch/README.md: relative 1e-6 or absolute 0.01, whichever is looser.
bool valuesMatch(const std::string& expected, const std::string& actual);

}  // namespace kiln::tpch
