// NUMERIC without a precision for generated code: its values are GermanStrings of packed bytes
// (common/packed_numeric.h). Operations on compact values (coefficient and exponent in 64 and 16
// bits, nearly every value) are done on those directly, in 128-bit arithmetic, and give compact
// results without touching the arena; other values go through Numeric, their results' bytes to
// the arena.
#include <cmath>

#include "common/number_format.h"
#include "common/packed_numeric.h"
#include "runtime/helpers.h"
#include "runtime/string_results.h"

using namespace kiln;

namespace {

namespace packed = kiln::packed_numeric;

Numeric valueOf(const GermanString* s) { return packed::unpack(*s); }

void store(GermanString* out, const Numeric& value, StringHeap* arena) { storeString(out, packed::pack(value), arena); }

__int128 power10(int exponent) {
   __int128 p = 1;
   for (int i = 0; i < exponent; ++i) p *= 10;
   return p;
}

/// a + b or a - b of two compact values, when the exponents are at most 18 apart.
bool addCompact(const GermanString* a, const GermanString* b, bool subtract, GermanString* out) {
   if (!packed::isCompact(*a) || !packed::isCompact(*b)) return false;
   packed::Compact x = packed::compactOf(*a), y = packed::compactOf(*b);
   int exponent = std::min(x.exponent, y.exponent);
   if (x.coefficient != 0 && x.exponent - exponent > 18) return false;
   if (y.coefficient != 0 && y.exponent - exponent > 18) return false;
   __int128 p = __int128(x.coefficient) * power10(x.exponent - exponent), q = __int128(y.coefficient) * power10(y.exponent - exponent);
   return packed::makeCompact(subtract ? p - q : p + q, exponent, std::max(x.scale, y.scale), *out);
}

bool multiplyCompact(const GermanString* a, const GermanString* b, GermanString* out) {
   if (!packed::isCompact(*a) || !packed::isCompact(*b)) return false;
   packed::Compact x = packed::compactOf(*a), y = packed::compactOf(*b);
   int scale = x.scale + y.scale;
   if (scale > Numeric::maxScale) return false;
   return packed::makeCompact(__int128(x.coefficient) * y.coefficient, int64_t(x.exponent) + y.exponent, scale, *out);
}

}  // namespace

extern "C" {

void kiln_numeric_from_decimal(__int128 unscaled, int32_t scale, GermanString* out, StringHeap* arena) {
   if (packed::makeCompact(unscaled, -scale, scale, *out)) return;
   store(out, Numeric::fromUnscaled(unscaled, scale), arena);
}

void kiln_numeric_from_double(double value, bool single, GermanString* out, StringHeap* arena) { store(out, Numeric::fromDouble(value, single), arena); }

int64_t kiln_numeric_to_integer(const GermanString* value, int32_t typeId) {
   if (packed::isCompact(*value)) {
      packed::Compact c = packed::compactOf(*value);
      if (c.exponent >= 0 && c.exponent <= 18) {
         __int128 whole = __int128(c.coefficient) * power10(c.exponent);
         int64_t low = typeId == int32_t(TypeId::SmallInt) ? INT16_MIN : typeId == int32_t(TypeId::Integer) ? INT32_MIN : INT64_MIN;
         int64_t high = typeId == int32_t(TypeId::SmallInt) ? INT16_MAX : typeId == int32_t(TypeId::Integer) ? INT32_MAX : INT64_MAX;
         if (whole >= low && whole <= high) return int64_t(whole);
      }
   }
   return valueOf(value).toInteger(SqlType{TypeId(typeId)});
}

double kiln_numeric_to_double(const GermanString* value, bool single) { return valueOf(value).toDouble(single); }

__int128 kiln_numeric_to_decimal(const GermanString* value, int32_t precision, int32_t scale) {
   if (packed::isCompact(*value)) {
      packed::Compact c = packed::compactOf(*value);
      int shift = c.exponent + scale;
      if (shift >= 0 && shift <= 18) {
         __int128 unscaled = __int128(c.coefficient) * power10(shift);
         __int128 bound = power10(precision);
         if (unscaled < bound && unscaled > -bound) return unscaled;
      }
   }
   return *valueOf(value).fitted(precision, scale).toUnscaled(scale);
}

void kiln_numeric_parse(const GermanString* text, GermanString* out, StringHeap* arena) { store(out, Numeric::parse(text->view()), arena); }

void kiln_numeric_format(const GermanString* value, GermanString* out, StringHeap* arena) { storeString(out, valueOf(value).toString(), arena); }

void kiln_numeric_add(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena) {
   // An aggregate's sum before its first value is zero bytes: 0.
   if (a->length == 0 || b->length == 0) {
      *out = a->length == 0 ? *b : *a;
      return;
   }
   if (addCompact(a, b, false, out)) return;
   store(out, valueOf(a) + valueOf(b), arena);
}

void kiln_numeric_subtract(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena) {
   if (addCompact(a, b, true, out)) return;
   store(out, valueOf(a) - valueOf(b), arena);
}

void kiln_numeric_multiply(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena) {
   if (multiplyCompact(a, b, out)) return;
   store(out, valueOf(a) * valueOf(b), arena);
}

void kiln_numeric_divide(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena) { store(out, valueOf(a) / valueOf(b), arena); }

void kiln_numeric_modulo(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena) { store(out, valueOf(a) % valueOf(b), arena); }

void kiln_numeric_divide_truncated(const GermanString* a, const GermanString* b, GermanString* out, StringHeap* arena) {
   store(out, Numeric::divideTruncated(valueOf(a), valueOf(b)), arena);
}

void kiln_numeric_unary(const GermanString* value, int32_t operation, int32_t digits, GermanString* out, StringHeap* arena) {
   Numeric n = valueOf(value);
   switch (NumericUnary(operation)) {
      case NumericUnary::Negate: return store(out, -n, arena);
      case NumericUnary::Absolute: return store(out, n.absolute(), arena);
      case NumericUnary::Sign: return store(out, n.sign(), arena);
      case NumericUnary::Round: return store(out, n.rounded(digits), arena);
      case NumericUnary::Truncate: return store(out, n.truncated(digits), arena);
      case NumericUnary::Ceiling: return store(out, n.ceiling(), arena);
      case NumericUnary::Floor: return store(out, n.floor(), arena);
      case NumericUnary::SquareRoot: return store(out, n.squareRoot(), arena);
      case NumericUnary::Exp: return store(out, n.exp(), arena);
      case NumericUnary::Ln: return store(out, n.ln(), arena);
      case NumericUnary::Log10: return store(out, Numeric::log(Numeric::fromInteger(10), n), arena);
   }
}

void kiln_numeric_log(const GermanString* base, const GermanString* value, GermanString* out, StringHeap* arena) {
   store(out, Numeric::log(valueOf(base), valueOf(value)), arena);
}

void kiln_numeric_power(const GermanString* base, const GermanString* exponent, GermanString* out, StringHeap* arena) {
   store(out, Numeric::power(valueOf(base), valueOf(exponent)), arena);
}

int32_t kiln_numeric_compare(const GermanString* a, const GermanString* b) { return packed::compare(*a, *b); }

bool kiln_numeric_equal(const GermanString* a, const GermanString* b) { return packed::equal(*a, *b); }

uint64_t kiln_numeric_hash(const GermanString* value) { return packed::hash(*value); }

void kiln_numeric_average(const GermanString* sum, int64_t count, GermanString* out, StringHeap* arena) {
   store(out, valueOf(sum) / Numeric::fromInteger(count), arena);
}

void kiln_numeric_average_decimal(__int128 sum, int32_t scale, int64_t count, GermanString* out, StringHeap* arena) {
   store(out, Numeric::fromUnscaled(sum, scale) / Numeric::fromInteger(count), arena);
}

bool kiln_numeric_variance(const GermanString* sumX, const GermanString* sumX2, int64_t count, bool sample, bool root, GermanString* out, StringHeap* arena) {
   // PostgreSQL's numeric_stddev_internal: (N * Sxx - Sx * Sx) / (N * (N - 1)), or N * N for the
   // population; its square root at the same scale for the deviations.
   if (count <= (sample ? 1 : 0)) return true;
   Numeric sx = valueOf(sumX), sxx = valueOf(sumX2);
   if (!sx.isFinite() || !sxx.isFinite()) {
      store(out, Numeric::nan(), arena);
      return false;
   }
   Numeric n = Numeric::fromInteger(count);
   Numeric numerator = n * sxx - (sx * sx).withScale(sx.displayScale() * 2);
   if (numerator.isZero() || numerator.isNegative()) {
      store(out, Numeric(), arena);
      return false;
   }
   Numeric denominator = sample ? n * Numeric::fromInteger(count - 1) : n * n;
   int scale = Numeric::divisionScale(numerator, denominator);
   Numeric variance = Numeric::divide(numerator, denominator, scale);
   store(out, root ? variance.squareRootAt(scale) : variance, arena);
   return false;
}

bool kiln_numeric_in_range(const GermanString* value, const GermanString* base, const GermanString* offset, bool subtract, bool less) {
   Numeric v = valueOf(value), b = valueOf(base), distance = valueOf(offset);
   if (v.isNaN()) return b.isNaN() || !less;  // NaN sorts after every number
   if (b.isNaN()) return less;
   if (distance.isInfinite()) {
      // base -/+ Infinity is NaN for the infinity on the same side: every value is in range.
      if (subtract ? b.kind() == Numeric::Kind::Infinity : b.kind() == Numeric::Kind::NegativeInfinity) return true;
      if (subtract) return less ? v.kind() == Numeric::Kind::NegativeInfinity : true;
      return less ? true : v.kind() == Numeric::Kind::Infinity;
   }
   Numeric bound = subtract ? b - distance : b + distance;
   return less ? compare(v, bound) <= 0 : compare(v, bound) >= 0;
}

int32_t kiln_numeric_width_bucket(const GermanString* operand, const GermanString* low, const GermanString* high, int32_t count) {
   return Numeric::widthBucket(valueOf(operand), valueOf(low), valueOf(high), count);
}

void kiln_to_char_numeric(const GermanString* value, const GermanString* pattern, GermanString* out, StringHeap* arena) {
   storeString(out, number_format::formatNumeric(valueOf(value), pattern->view()), arena);
}

}  // extern "C"
