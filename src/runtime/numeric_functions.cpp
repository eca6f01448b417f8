// gcd, lcm, width_bucket and make_date: checks and cases too many for generated code.
#include <cmath>
#include <cstdint>
#include <string>

#include "common/date.h"
#include "kiln/kiln.h"
#include "runtime/helpers.h"

namespace {

[[noreturn]] void outOfRange(bool bigint) { throw kiln::Error("22003", bigint ? "bigint out of range" : "integer out of range"); }

/// The value fits the integer type (bigint, or integer).
int64_t fitting(__int128 value, bool bigint) {
   if (bigint ? (value < INT64_MIN || value > INT64_MAX) : (value < INT32_MIN || value > INT32_MAX)) outOfRange(bigint);
   return int64_t(value);
}

__int128 greatestCommonDivisor(__int128 a, __int128 b) {
   a = a < 0 ? -a : a;
   b = b < 0 ? -b : b;
   while (b != 0) {
      __int128 r = a % b;
      a = b;
      b = r;
   }
   return a;
}

/// PostgreSQL's checks, in its order.
void checkBuckets(int32_t count, bool nan, bool infiniteBound, bool equalBounds) {
   if (count <= 0) throw kiln::Error("2201G", "count must be greater than zero");
   if (nan) throw kiln::Error("2201G", "operand, lower bound, and upper bound cannot be NaN");
   if (infiniteBound) throw kiln::Error("2201G", "lower and upper bounds must be finite");
   if (equalBounds) throw kiln::Error("2201G", "lower bound cannot equal upper bound");
}

/// The bucket (1..count) of `fraction`'s numerator over its denominator, both non-negative.
int32_t bucketOf(int32_t count, __int128 numerator, __int128 denominator) {
   __int128 bucket = numerator * count / denominator;
   return int32_t(bucket >= count ? count : bucket + 1);
}

}  // namespace

extern "C" {

int64_t kiln_gcd(int64_t a, int64_t b, bool bigint) { return fitting(greatestCommonDivisor(a, b), bigint); }

int64_t kiln_lcm(int64_t a, int64_t b, bool bigint) {
   if (a == 0 || b == 0) return 0;
   __int128 gcd = greatestCommonDivisor(a, b);
   __int128 lcm = __int128(a) / gcd * __int128(b);
   return fitting(lcm < 0 ? -lcm : lcm, bigint);
}

int32_t kiln_width_bucket_double(double operand, double low, double high, int32_t count) {
   checkBuckets(count, std::isnan(operand) || std::isnan(low) || std::isnan(high), std::isinf(low) || std::isinf(high), low == high);
   bool rising = low < high;
   if (rising ? operand < low : operand > low) return 0;
   if (rising ? operand >= high : operand <= high) {
      if (count == INT32_MAX) outOfRange(false);
      return count + 1;
   }
   // As PostgreSQL 15's width_bucket_float8 (the + 1 in double precision: 0.9999999999999999 + 1 is 2).
   double bucket = rising ? double(count) * (operand - low) / (high - low) + 1 : double(count) * (low - operand) / (low - high) + 1;
   return int32_t(bucket);
}

/// Exactly, for decimals of one scale (integers: scale 0).
int32_t kiln_width_bucket_decimal(__int128 operand, __int128 low, __int128 high, int32_t count) {
   checkBuckets(count, false, false, low == high);
   bool rising = low < high;
   if (rising ? operand < low : operand > low) return 0;
   if (rising ? operand >= high : operand <= high) {
      if (count == INT32_MAX) outOfRange(false);
      return count + 1;
   }
   return rising ? bucketOf(count, operand - low, high - low) : bucketOf(count, low - operand, low - high);
}

int32_t kiln_make_date(int32_t year, int32_t month, int32_t day) {
   // Negative years count back from 1 BC (year 0 does not exist).
   int64_t astronomical = year < 0 ? int64_t(year) + 1 : year;
   // PostgreSQL shows the fields as it holds them: a year BC counted from 1 BC as 0.
   auto shown = [&] {
      return std::to_string(astronomical) + "-" + (month < 10 && month >= 0 ? "0" : "") + std::to_string(month) + "-" + (day < 10 && day >= 0 ? "0" : "") +
             std::to_string(day);
   };
   if (year == 0 || month < 1 || month > 12 || day < 1 || unsigned(day) > kiln::date::daysInMonth(astronomical, unsigned(month)))
      throw kiln::Error("22008", "date field value out of range: " + shown());
   int64_t days = kiln::date::dayNumber(astronomical, unsigned(month), unsigned(day));
   if (!kiln::date::inRange(days)) throw kiln::Error("22008", "date out of range: " + shown());
   return int32_t(days);
}

}  // extern "C"
