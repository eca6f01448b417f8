#include "tpcc_engine.h"

#include <cinttypes>
#include <cstdio>
#include <ctime>

namespace kiln::bench {

std::string timestampText(int64_t unixMicros) {
   std::time_t seconds = std::time_t(unixMicros / 1000000);
   std::tm utc{};
   gmtime_r(&seconds, &utc);
   char text[96];  // room for any int the compiler cannot rule out
   std::snprintf(text, sizeof(text), "%04d-%02d-%02d %02d:%02d:%02d.%06" PRId64, utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min,
                 utc.tm_sec, unixMicros % 1000000);
   return text;
}

std::string decimalText(int64_t unscaled, int scale) {
   std::string digits = std::to_string(unscaled < 0 ? -unscaled : unscaled);
   if (int(digits.size()) <= scale) digits.insert(0, size_t(scale) + 1 - digits.size(), '0');
   if (scale > 0) digits.insert(digits.size() - size_t(scale), ".");
   return unscaled < 0 ? "-" + digits : digits;
}

}  // namespace kiln::bench
