#include "value_match.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <regex>

namespace kiln::tpch {

namespace {

struct Number {
   double value;
   size_t scale;  // digits after the point
};

std::optional<Number> parseNumber(const std::string& text) {
   static const std::regex number(R"(^[-+]?\d+(\.(\d*))?([eE][-+]?\d+)?$)");
   std::smatch match;
   if (!std::regex_match(text, match, number)) return std::nullopt;
   return Number{std::stod(text), size_t(match.length(2))};
}

}  // namespace

bool valuesMatch(const std::string& expected, const std::string& actual) {
   if (expected == actual) return true;
   std::optional<Number> e = parseNumber(expected), a = parseNumber(actual);
   if (!e || !a) return false;
   if (e->scale == a->scale && e->scale <= 6) return false;
   return std::fabs(e->value - a->value) <= std::max(1e-6 * std::fabs(e->value), 0.01);
}

}  // namespace kiln::tpch
