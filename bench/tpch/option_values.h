// The values of the runners' command-line options: numbers with a lower bound, whole or not.
#pragma once

#include <cstdint>
#include <string>

namespace kiln::bench {

/// `text` as a number >= minimum; std::invalid_argument naming `option` otherwise.
double parseNumber(const std::string& option, const std::string& text, double minimum);
/// The same, and a whole number.
uint64_t parseWhole(const std::string& option, const std::string& text, double minimum);

}  // namespace kiln::bench
