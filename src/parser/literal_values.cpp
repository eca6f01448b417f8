#include "parser/literal_values.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>

#include "common/numeric.h"

namespace kiln {

Value numberLiteral(const std::string& text) {
   bool integral = text.find_first_of(".eE") == std::string::npos;
   if (integral) {
      errno = 0;
      long long value = std::strtoll(text.c_str(), nullptr, 10);
      if (errno != ERANGE) return Value::ofInteger(value >= INT32_MIN && value <= INT32_MAX ? SqlType::integer() : SqlType::bigInt(), value);
   }
   return Value::ofNumeric(Numeric::parse(text));
}

}  // namespace kiln
