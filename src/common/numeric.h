// PostgreSQL's NUMERIC without a precision: an exact decimal of any size (up to 131072 digits
// before the point and 16383 after), with its own display scale, or NaN, Infinity or -Infinity.
// Each operation follows PostgreSQL 15's numeric.c: its result scales (select_div_scale for
// division, at least 16 significant digits for sqrt, exp, ln, log and power), its rounding (half
// away from zero), its order (NaN above everything) and its errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/numeric_magnitude.h"
#include "kiln/kiln.h"

namespace kiln {

class Numeric {
   public:
   enum class Kind : uint8_t { Finite, NaN, Infinity, NegativeInfinity };

   /// PostgreSQL's NUMERIC_MAX_DISPLAY_SCALE: the most digits a computed scale gets.
   static constexpr int maxDisplayScale = 1000;
   /// NUMERIC_MIN_SIG_DIGITS: the significant digits a quotient or a function's result gets.
   static constexpr int minSignificantDigits = 16;
   /// The largest display scale a value can have (NUMERIC_DSCALE_MAX).
   static constexpr int maxScale = 16383;
   /// Values stay below 10^maxIntegerDigits.
   static constexpr int maxIntegerDigits = 131072;

   Numeric() = default;  // 0
   static Numeric nan() { return special(Kind::NaN); }
   static Numeric infinity(bool negative = false) { return special(negative ? Kind::NegativeInfinity : Kind::Infinity); }
   static Numeric fromInteger(__int128 value) { return fromUnscaled(value, 0); }
   /// unscaled / 10^scale, shown with `scale` digits after the point.
   static Numeric fromUnscaled(__int128 unscaled, int scale);
   /// -1^negative * magnitude * 10^exponent, shown with `scale` digits after the point (the
   /// value must need no more).
   static Numeric fromParts(bool negative, Magnitude magnitude, int64_t exponent, int scale);
   /// PostgreSQL's float8_numeric (15 significant digits) or float4_numeric (6).
   static Numeric fromDouble(double value, bool singlePrecision);
   /// numeric_in: leading and trailing blanks, a sign, digits with a point, an exponent, NaN,
   /// [+-]Infinity or inf. 22P02 when malformed, 22003 when out of range.
   static Numeric parse(std::string_view text);

   Kind kind() const { return kind_; }
   bool isFinite() const { return kind_ == Kind::Finite; }
   bool isNaN() const { return kind_ == Kind::NaN; }
   bool isInfinite() const { return kind_ == Kind::Infinity || kind_ == Kind::NegativeInfinity; }
   bool isZero() const { return isFinite() && magnitude_.isZero(); }
   /// Below zero (also -Infinity).
   bool isNegative() const { return kind_ == Kind::NegativeInfinity || (isFinite() && negative_); }
   int displayScale() const { return scale_; }
   /// value = sign * magnitude * 10^exponent, the magnitude without trailing zeros.
   const Magnitude& magnitude() const { return magnitude_; }
   int64_t exponent() const { return exponent_; }
   /// The decimal exponent of the leading digit (1 for 12.5, -2 for 0.01); 0 for zero.
   int64_t leadingExponent() const { return magnitude_.isZero() ? 0 : exponent_ + int64_t(magnitude_.digitCount()) - 1; }

   /// PostgreSQL's view of a value in base-10000 digits (groups of four decimal digits counted from
   /// the point), on which its scale rules are written: the weight of the first nonzero group, up
   /// to four groups from there, and whether nonzero digits follow them. Zero: weight 0, no groups.
   struct DigitGroups {
      int64_t weight = 0;
      int count = 0;
      uint32_t digits[4] = {0, 0, 0, 0};
      bool more = false;
   };
   DigitGroups digitGroups() const;

   /// numeric_out: the digits with `displayScale` after the point, NaN, Infinity or -Infinity.
   std::string toString() const;

   /// Rounded half away from zero to a SMALLINT, INTEGER or BIGINT (`target`), with PostgreSQL's
   /// errors: 22003 out of range, 0A000 for NaN and infinity.
   int64_t toInteger(SqlType target) const;
   /// Correctly rounded, as numeric_float8 (through the text); 22003 past the type's range.
   double toDouble(bool singlePrecision) const;
   /// The nearest double: infinite past its range, 0 below it.
   double nearestDouble() const;
   /// value * 10^scale rounded half away from zero, when that fits in 128 bits.
   std::optional<__int128> toUnscaled(int scale) const;
   /// As stored in a NUMERIC(precision, scale): rounded to the scale; 22003 "numeric field
   /// overflow" when it needs more digits, or is infinite; 0A000 for NaN, which kiln's
   /// fixed-point NUMERIC(precision, scale) cannot hold.
   Numeric fitted(int precision, int scale) const;

   friend Numeric operator+(const Numeric& a, const Numeric& b);
   friend Numeric operator-(const Numeric& a, const Numeric& b);
   friend Numeric operator*(const Numeric& a, const Numeric& b);
   /// `/`, at the scale select_div_scale gives; 22012 for a zero divisor.
   friend Numeric operator/(const Numeric& a, const Numeric& b);
   /// `%`: a - b * trunc(a / b), at the larger of the scales.
   friend Numeric operator%(const Numeric& a, const Numeric& b);
   /// div(a, b): the quotient truncated to an integer.
   static Numeric divideTruncated(const Numeric& a, const Numeric& b);
   /// a / b rounded (or truncated) to `scale` digits after the point; 22012 for b = 0.
   static Numeric divide(const Numeric& a, const Numeric& b, int scale, bool round = true);
   /// The scale PostgreSQL's select_div_scale gives a / b (finite operands).
   static int divisionScale(const Numeric& a, const Numeric& b);

   Numeric operator-() const;
   Numeric absolute() const;
   /// sign(): -1, 0 or 1 (scale 0); NaN stays NaN.
   Numeric sign() const;
   /// round(x, digits) and trunc(x, digits): digits may be negative (round(1234, -2) is 1200); the
   /// scale is max(digits, 0).
   Numeric rounded(int digits) const;
   Numeric truncated(int digits) const;
   Numeric ceiling() const;
   Numeric floor() const;
   /// This value with display scale `scale`, rounded when that drops digits.
   Numeric withScale(int scale) const { return rounded(scale); }

   /// width_bucket(operand, low, high, count): the bucket (0 below, count + 1 above) among `count`
   /// equal ones between the bounds, with PostgreSQL's 2201G errors.
   static int32_t widthBucket(const Numeric& operand, const Numeric& low, const Numeric& high, int32_t count);

   /// PostgreSQL's order: -Infinity < finite values < Infinity < NaN; NaN equals NaN; 1.10 = 1.1.
   friend int compare(const Numeric& a, const Numeric& b);
   friend bool operator==(const Numeric& a, const Numeric& b) { return compare(a, b) == 0; }

   // numeric_math.cpp
   /// sqrt: 2201F for a negative argument.
   Numeric squareRoot() const;
   /// The square root of a value >= 0 rounded to `scale` digits (the standard deviations').
   Numeric squareRootAt(int scale) const;
   Numeric exp() const;
   /// ln: 2201E for zero and negative arguments.
   Numeric ln() const;
   /// log(base, x); log(x) is log(10, x).
   static Numeric log(const Numeric& base, const Numeric& x);
   /// power(base, exponent), also `^`: 2201F for 0 to a negative power and a negative base to a
   /// power that is not an integer.
   static Numeric power(const Numeric& base, const Numeric& exponent);

   private:
   friend struct NumericMath;
   static Numeric special(Kind kind) {
      Numeric n;
      n.kind_ = kind;
      return n;
   }
   /// Drops trailing zeros of the magnitude into the exponent, and the sign of a zero.
   void normalize();
   /// 22003 "value overflows numeric format" past the limits of the type.
   void checkRange() const;
   /// round(x, digits) or trunc with `roundHalfUp` false, of a finite value, without the scale.
   Numeric roundedTo(int64_t digits, bool roundHalfUp) const;

   Kind kind_ = Kind::Finite;
   bool negative_ = false;
   int32_t scale_ = 0;
   int64_t exponent_ = 0;
   Magnitude magnitude_;
};

}  // namespace kiln
