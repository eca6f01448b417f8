#include "option_values.h"

#include <stdexcept>

namespace kiln::bench {

double parseNumber(const std::string& option, const std::string& text, double minimum) {
   size_t end = 0;
   double value = 0;
   try {
      value = std::stod(text, &end);
   } catch (const std::exception&) {
      end = 0;
   }
   if (end == 0 || end != text.size()) throw std::invalid_argument(option + " wants a number, not '" + text + "'");
   if (!(value >= minimum)) throw std::invalid_argument(option + " wants a number >= " + std::to_string(int(minimum)) + ", not " + text);
   return value;
}

uint64_t parseWhole(const std::string& option, const std::string& text, double minimum) {
   double value = parseNumber(option, text, minimum);
   if (value != double(uint64_t(value))) throw std::invalid_argument(option + " wants a whole number, not '" + text + "'");
   return uint64_t(value);
}

}  // namespace kiln::bench
