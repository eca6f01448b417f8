// sqrt, exp, ln, log and power of NUMERIC values. The result scales are PostgreSQL's (numeric.c's
// rules, estimates in double precision included, so that the same values get the same scales);
// the digits are computed with guard digits and checked to round correctly (Ziv's strategy), so
// that they are the exact value rounded half away from zero.
#include <cmath>
#include <functional>

#include "common/numeric.h"

namespace kiln {

namespace {

[[noreturn]] void overflow() { throw Error("22003", "value overflows numeric format"); }

/// Decimal digits of |value| (0 for 0).
int64_t decimalDigits(int64_t value) {
   int64_t digits = 0;
   for (uint64_t v = value < 0 ? uint64_t(-value) : uint64_t(value); v; v /= 10) ++digits;
   return digits;
}

}  // namespace

struct NumericMath {
   /// NUMERIC_MAX_RESULT_SCALE * 3: exp of a larger argument overflows (or is 0, below -6000).
   static constexpr double expLimit = 6000;

   /// A finite value for intermediate results: no display scale, no range check.
   static Numeric raw(bool negative, Magnitude magnitude, int64_t exponent) {
      Numeric n;
      n.negative_ = negative;
      n.magnitude_ = std::move(magnitude);
      n.exponent_ = exponent;
      n.normalize();
      return n;
   }
   static Numeric one() { return raw(false, Magnitude(1), 0); }
   /// `x` rounded to `digits` after the point (negative: before it).
   static Numeric round(const Numeric& x, int64_t digits) { return x.roundedTo(digits, true); }
   /// `x` rounded to `significant` digits.
   static Numeric keepSignificant(const Numeric& x, int64_t significant) { return x.magnitude_.isZero() ? x : round(x, significant - 1 - x.leadingExponent()); }
   static Numeric multiply(const Numeric& a, const Numeric& b) {
      return raw(a.negative_ != b.negative_, a.magnitude_ * b.magnitude_, a.exponent_ + b.exponent_);
   }
   static Numeric multiply(const Numeric& a, const Numeric& b, int64_t digits) { return round(multiply(a, b), digits); }
   static Numeric sum(const Numeric& a, const Numeric& b) {
      Numeric s = a + b;
      s.scale_ = 0;
      return s;
   }
   /// a / b rounded to `digits` after the point; b != 0.
   static Numeric quotient(const Numeric& a, const Numeric& b, int64_t digits) {
      if (a.magnitude_.isZero()) return Numeric();
      int64_t shift = a.exponent_ - b.exponent_ + digits;
      Magnitude numerator = shift > 0 ? a.magnitude_.timesPowerOfTen(size_t(shift)) : a.magnitude_;
      Magnitude denominator = shift < 0 ? b.magnitude_.timesPowerOfTen(size_t(-shift)) : b.magnitude_;
      Magnitude q, r;
      Magnitude::divide(numerator, denominator, q, r);
      if (compare(r + r, denominator) >= 0) q.addSmall(1);
      return raw(a.negative_ != b.negative_, std::move(q), -digits);
   }
   /// The square root of x >= 0 rounded to `digits` after the point: the root truncated to one
   /// digit more, exactly (integer square root), then rounded.
   static Numeric squareRoot(const Numeric& x, int64_t digits) {
      if (x.magnitude_.isZero()) return Numeric();
      int64_t shift = x.exponent_ + 2 * digits + 2;
      Magnitude scaled = shift >= 0 ? x.magnitude_.timesPowerOfTen(size_t(shift)) : x.magnitude_.dividedByPowerOfTen(size_t(-shift), false);
      return raw(false, scaled.squareRootFloor().dividedByPowerOfTen(1, true), -digits);
   }

   /// PostgreSQL's numericvar_to_double_no_overflow: the value through its text, infinite past
   /// the range of a double.
   static double toDouble(const Numeric& x) {
      Numeric shown = x;
      shown.scale_ = int(std::max<int64_t>(-x.exponent_, 0));  // all its digits
      return std::strtod(shown.toString().c_str(), nullptr);
   }

   /// PostgreSQL's estimate_ln_dweight: the decimal weight of ln(x), from x - 1 near 1 and from the
   /// first digit groups elsewhere.
   static int lnWeightEstimate(const Numeric& x) {
      if (!x.isFinite() || x.isNegative() || x.isZero()) return 0;
      static const Numeric pointNine = Numeric::parse("0.9"), onePointOne = Numeric::parse("1.1");
      if (compare(x, pointNine) >= 0 && compare(x, onePointOne) <= 0) {
         Numeric difference = x - one();
         return difference.isZero() ? 0 : int(difference.leadingExponent());
      }
      Numeric::DigitGroups groups = x.digitGroups();
      double digits = groups.digits[0];
      int64_t weight = groups.weight * 4;
      if (groups.count > 1 || groups.more) {
         digits = digits * 10000 + groups.digits[1];
         weight -= 4;
      }
      double ln = std::log(digits) + double(weight) * 2.302585092994046;
      return int(std::log10(std::fabs(ln)));
   }

   /// ln(z) for z > 0 within about 10^-digits: square roots bring z into [0.9, 1.1], where
   /// ln z = 2 atanh((z - 1) / (z + 1)) = 2 (t + t^3/3 + t^5/5 + ...) converges fast.
   static Numeric lnReduced(Numeric z, int64_t digits) {
      static const Numeric pointNine = Numeric::parse("0.9"), onePointOne = Numeric::parse("1.1");
      // Each halving of the logarithm doubles the errors made before it; a term's rounding error
      // is added once per term.
      int64_t working = std::max<int64_t>(digits, 1) + 8 + decimalDigits(digits);
      int halvings = 0;
      while (compare(z, onePointOne) > 0 || compare(z, pointNine) < 0) {
         z = squareRoot(z, working + 2);
         ++halvings;
         if (halvings % 3 == 0) ++working;
      }
      Numeric t = quotient(z - one(), sum(z, one()), working);
      Numeric square = multiply(t, t, working);
      Numeric total = t, power = t;
      for (uint32_t n = 3;; n += 2) {
         power = multiply(power, square, working);
         Numeric term = quotient(power, Numeric::fromInteger(n), working);
         if (term.isZero()) break;
         total = sum(total, term);
      }
      return multiply(total, Numeric::fromInteger(__int128(2) << halvings));
   }

   /// ln(10) within 10^-digits, kept per thread at the most digits asked for yet.
   static Numeric ln10(int64_t digits) {
      thread_local Numeric cached;
      thread_local int64_t cachedDigits = -1;
      if (digits > cachedDigits) {
         cached = lnReduced(Numeric::fromInteger(10), digits + 2);
         cachedDigits = digits;
      }
      return round(cached, digits + 1);
   }

   /// ln(x) for x > 0 within about 10^-digits: ln(m * 10^k) = ln(m) + k ln(10) with m in [1, 10).
   static Numeric ln(const Numeric& x, int64_t digits) {
      int64_t k = x.leadingExponent();
      Numeric m = x;
      m.exponent_ -= k;
      int64_t working = digits + 2 + decimalDigits(k);
      Numeric result = lnReduced(m, working);
      if (k != 0) result = sum(result, multiply(ln10(working + decimalDigits(k)), Numeric::fromInteger(k)));
      return round(result, working);
   }

   /// e^x for |x| < 6000 within about 10^-digits: the Taylor series of x / 2^n (|x / 2^n| <= 0.01,
   /// exact in decimal: x * 5^n / 10^n), squared n times.
   static Numeric exp(const Numeric& x, int64_t digits) {
      double estimate = toDouble(x);
      double resultWeight = estimate * 0.434294481903252;
      if (resultWeight < -double(digits) - 2) return Numeric();
      int halvings = 0;
      for (double a = std::fabs(estimate); a > 0.01; a /= 2) ++halvings;
      Magnitude fives(1);
      for (int i = 0; i < halvings; ++i) fives.multiplySmall(5);
      Numeric r = raw(x.negative_, x.magnitude_ * fives, x.exponent_ - halvings);
      // Significant digits the result needs, and those the squarings take away.
      int64_t significant = digits + int64_t(std::ceil(resultWeight)) + 2;
      int64_t working = std::max<int64_t>(significant, 1) + int64_t(halvings * 0.30103) + 6 + decimalDigits(significant);
      Numeric total = one(), term = one();
      for (uint32_t n = 1;; ++n) {
         term = quotient(multiply(term, r, working + 2), Numeric::fromInteger(n), working + 2);
         if (term.isZero()) break;
         total = sum(total, term);
      }
      for (int i = 0; i < halvings; ++i) total = keepSignificant(multiply(total, total), working);
      return total;
   }

   /// Whether `v`, within 10^-(rscale + guard) of a value, might round to another value at
   /// `rscale` digits than that value: its digits past the rounding place are 4999... or 5000...
   static bool mayRoundOtherwise(const Numeric& v, int rscale, int guard) {
      int64_t below = -int64_t(rscale) - v.exponent_;  // digits of the magnitude past the place
      if (below <= 0 || v.magnitude_.isZero()) return false;
      std::string digits = v.magnitude_.toString();
      if (int64_t(digits.size()) < below) digits.insert(0, size_t(below) - digits.size(), '0');
      std::string tail = digits.substr(digits.size() - size_t(below));
      size_t checked = size_t(std::max(guard - 3, 1));
      tail.resize(checked, '0');
      return tail == "4" + std::string(checked - 1, '9') || tail == "5" + std::string(checked - 1, '0');
   }

   /// The value `approximate` computes (given the digits it must be right to), rounded correctly
   /// to `rscale` digits, with that display scale.
   static Numeric correctlyRounded(const std::function<Numeric(int64_t)>& approximate, int rscale) {
      for (int guard = 12;; guard *= 2) {
         Numeric v = approximate(int64_t(rscale) + guard);
         if (guard >= 192 || !mayRoundOtherwise(v, rscale, guard)) {
            Numeric result = v.rounded(rscale);
            return result;
         }
      }
   }

   /// PostgreSQL's result scale: at least `minSignificantDigits` for a result of decimal weight
   /// `weight`, at least `atLeast`, within [0, maxDisplayScale].
   static int resultScale(int64_t weight, int atLeast) {
      int64_t scale = Numeric::minSignificantDigits - weight;
      scale = std::max<int64_t>({scale, atLeast, 0});
      return int(std::min<int64_t>(scale, Numeric::maxDisplayScale));
   }

   static bool isIntegral(const Numeric& x) { return x.isFinite() && (x.magnitude_.isZero() || x.exponent_ >= 0); }
   static bool isOddInteger(const Numeric& x) { return isIntegral(x) && !x.magnitude_.isZero() && x.exponent_ == 0 && x.magnitude_.limbs()[0] % 2 == 1; }

   /// power_var_int: base ^ n for an integer n that fits in 32 bits. PostgreSQL 15 gives it 16
   /// digits after the point, or the base's scale if larger.
   static Numeric powerInteger(const Numeric& base, int64_t n) {
      int rscale = resultScale(0, base.scale_);
      // The result's decimal weight, estimated from the base's first 16 digits as PostgreSQL does.
      double weight = 0;
      if (!base.magnitude_.isZero() && n != 0) {
         Numeric::DigitGroups groups = base.digitGroups();
         double f = groups.digits[0];
         int64_t p = groups.weight * 4;
         for (int i = 1; i < groups.count; ++i) {
            f = f * 10000 + groups.digits[i];
            p -= 4;
         }
         weight = double(n) * (std::log10(f) + double(p));
         if (weight > 3.0 * 32767 * 4) overflow();
         if (weight + 1 < -rscale || weight + 1 < -Numeric::maxDisplayScale) return Numeric().rounded(rscale);
      }
      if (n == 0) return one().rounded(rscale);
      if (base.magnitude_.isZero()) return Numeric().rounded(rscale);  // n > 0: 0 ^ n is checked before
      uint64_t count = n < 0 ? uint64_t(-n) : uint64_t(n);
      bool negative = base.negative_ && (count & 1);
      Numeric absolute = base.absolute();
      // Exactly, where the power's digits are few enough; else with relative precision.
      if (double(count) * double(absolute.magnitude_.digitCount()) <= 20000) {
         Numeric product = one(), square = absolute;
         for (uint64_t bits = count;;) {
            if (bits & 1) product = multiply(product, square);
            bits >>= 1;
            if (!bits) break;
            square = multiply(square, square);
         }
         if (product.leadingExponent() >= Numeric::maxIntegerDigits && n > 0) overflow();
         Numeric result = n > 0 ? product.rounded(rscale) : Numeric::divide(one(), product, rscale);
         return negative ? -result : result;
      }
      Numeric result = correctlyRounded(
         [&](int64_t digits) {
            int64_t significant = digits + int64_t(std::ceil(weight)) + 2 + decimalDigits(int64_t(count)) + 4;
            significant = std::max<int64_t>(significant, 8);
            Numeric product = one(), square = absolute;
            for (uint64_t bits = count;;) {
               if (bits & 1) product = keepSignificant(multiply(product, square), significant);
               bits >>= 1;
               if (!bits) break;
               square = keepSignificant(multiply(square, square), significant);
               if (square.leadingExponent() > 4 * Numeric::maxIntegerDigits || square.leadingExponent() < -4 * Numeric::maxIntegerDigits) break;
            }
            if (n < 0) {
               if (product.leadingExponent() > 2 * Numeric::maxIntegerDigits) return Numeric();
               return quotient(one(), product, digits);
            }
            if (product.leadingExponent() >= Numeric::maxIntegerDigits) overflow();
            return product;
         },
         rscale);
      return negative ? -result : result;
   }

   /// power_var for an exponent that is no 32-bit integer: exp(exponent * ln(base)).
   static Numeric powerReal(const Numeric& base, const Numeric& exponent) {
      if (base.magnitude_.isZero()) return Numeric().rounded(Numeric::minSignificantDigits);
      bool negative = false;
      Numeric absolute = base;
      if (base.negative_) {
         if (!isIntegral(exponent)) throw Error("2201F", "a negative number raised to a non-integer power yields a complex result");
         negative = isOddInteger(exponent);
         absolute = base.absolute();
      }
      // PostgreSQL's estimate of the result's weight: ln(base) to about 8 significant digits, times
      // the exponent, in the same steps and scales.
      int lnWeight = lnWeightEstimate(absolute);
      int64_t localScale = std::max<int64_t>(8 - lnWeight, 0);
      Numeric lnBase = correctlyRounded([&](int64_t digits) { return ln(absolute, digits); }, int(localScale));
      double estimate = toDouble(multiply(lnBase, exponent, localScale));
      if (std::fabs(estimate) > expLimit / 3 * 3.01) {
         if (estimate > 0) overflow();
         return Numeric().rounded(Numeric::maxDisplayScale);
      }
      estimate *= 0.434294481903252;
      int rscale = resultScale(int64_t(estimate), std::max(base.scale_, exponent.scale_));
      Numeric result = correctlyRounded(
         [&](int64_t digits) {
            // e^z with z = exponent * ln(base): an error e in z is a relative error e in the result.
            if (estimate + 2 < -double(digits)) return Numeric();
            int64_t lnDigits = std::max<int64_t>(digits + int64_t(std::ceil(estimate)) + 2, 8) + std::max<int64_t>(exponent.leadingExponent() + 1, 0) + 2;
            Numeric z = multiply(ln(absolute, lnDigits), exponent);
            double zEstimate = toDouble(z);
            if (std::fabs(zEstimate) >= expLimit) {
               if (zEstimate > 0) overflow();
               return Numeric();
            }
            return exp(z, digits);
         },
         rscale);
      return negative ? -result : result;
   }
};

Numeric Numeric::squareRoot() const {
   switch (kind_) {
      case Kind::NaN:
      case Kind::Infinity: return *this;
      case Kind::NegativeInfinity: throw Error("2201F", "cannot take square root of a negative number");
      case Kind::Finite: break;
   }
   if (negative_) throw Error("2201F", "cannot take square root of a negative number");
   // PostgreSQL: sweight = (weight + 1) * DEC_DIGITS / 2 - 1, the root's decimal weight.
   int64_t rootWeight = (digitGroups().weight + 1) * 4 / 2 - 1;
   int rscale = NumericMath::resultScale(rootWeight, scale_);
   Numeric root = NumericMath::squareRoot(*this, rscale);
   root.scale_ = rscale;
   return root;
}

Numeric Numeric::squareRootAt(int scale) const {
   Numeric root = NumericMath::squareRoot(*this, scale);
   root.scale_ = scale;
   return root;
}

Numeric Numeric::exp() const {
   switch (kind_) {
      case Kind::NaN:
      case Kind::Infinity: return *this;
      case Kind::NegativeInfinity: return Numeric();
      case Kind::Finite: break;
   }
   double estimate = NumericMath::toDouble(*this);
   double weight = std::clamp(estimate * 0.434294481903252, -2.0 * maxDisplayScale, 2.0 * maxDisplayScale);
   int rscale = NumericMath::resultScale(int64_t(weight), scale_);
   if (std::fabs(estimate) >= NumericMath::expLimit) {
      if (estimate > 0) overflow();
      return Numeric().rounded(rscale);
   }
   return NumericMath::correctlyRounded([&](int64_t digits) { return NumericMath::exp(*this, digits); }, rscale);
}

Numeric Numeric::ln() const {
   switch (kind_) {
      case Kind::NaN:
      case Kind::Infinity: return *this;
      case Kind::NegativeInfinity: throw Error("2201E", "cannot take logarithm of a negative number");
      case Kind::Finite: break;
   }
   if (magnitude_.isZero()) throw Error("2201E", "cannot take logarithm of zero");
   if (negative_) throw Error("2201E", "cannot take logarithm of a negative number");
   int rscale = NumericMath::resultScale(NumericMath::lnWeightEstimate(*this), scale_);
   return NumericMath::correctlyRounded([&](int64_t digits) { return NumericMath::ln(*this, digits); }, rscale);
}

Numeric Numeric::log(const Numeric& base, const Numeric& x) {
   if (!base.isFinite() || !x.isFinite()) {
      if (base.isNaN() || x.isNaN()) return nan();
      if (base.isNegative() || x.isNegative()) throw Error("2201E", "cannot take logarithm of a negative number");
      if (base.isZero() || x.isZero()) throw Error("2201E", "cannot take logarithm of zero");
      if (base.kind_ == Kind::Infinity) return x.kind_ == Kind::Infinity ? nan() : Numeric();
      return infinity();
   }
   for (const Numeric* v : {&base, &x}) {
      if (v->magnitude_.isZero()) throw Error("2201E", "cannot take logarithm of zero");
      if (v->negative_) throw Error("2201E", "cannot take logarithm of a negative number");
   }
   int baseWeight = NumericMath::lnWeightEstimate(base), xWeight = NumericMath::lnWeightEstimate(x);
   int64_t resultWeight = xWeight - baseWeight;
   int rscale = NumericMath::resultScale(resultWeight, std::max(base.scale_, x.scale_));
   if (compare(base, NumericMath::one()) == 0) throw Error("22012", "division by zero");
   return NumericMath::correctlyRounded(
      [&](int64_t digits) {
         // ln(x) / ln(base), each to enough digits for the quotient's.
         Numeric lnX = NumericMath::ln(x, digits - baseWeight + 8);
         Numeric lnBase = NumericMath::ln(base, digits + resultWeight - baseWeight + 8);
         if (lnBase.isZero()) throw Error("22012", "division by zero");
         return NumericMath::quotient(lnX, lnBase, digits + 2);
      },
      rscale);
}

Numeric Numeric::power(const Numeric& base, const Numeric& exponent) {
   // NaN, Infinity and zero as POSIX's pow(3) and PostgreSQL 15 have them.
   if (base.isNaN()) return exponent.isZero() ? fromInteger(1) : nan();
   if (exponent.isNaN()) return base.isFinite() && compare(base, NumericMath::one()) == 0 ? fromInteger(1) : nan();
   int baseSign = base.isZero() ? 0 : base.isNegative() ? -1 : 1;
   int exponentSign = exponent.isZero() ? 0 : exponent.isNegative() ? -1 : 1;
   if (baseSign == 0 && exponentSign < 0) throw Error("2201F", "zero raised to a negative power is undefined");
   if (!base.isFinite() || !exponent.isFinite()) {
      if (baseSign < 0 && !exponent.isInfinite() && !NumericMath::isIntegral(exponent))
         throw Error("2201F", "a negative number raised to a non-integer power yields a complex result");
      if (base.isFinite() && compare(base, NumericMath::one()) == 0) return fromInteger(1);
      if (exponentSign == 0) return fromInteger(1);
      if (baseSign == 0) return Numeric();
      if (exponent.isInfinite()) {
         bool aboveOne = true;  // |±Infinity| > 1
         if (base.isFinite()) {
            if (compare(base, fromInteger(-1)) == 0) return fromInteger(1);
            aboveOne = compare(base.absolute(), NumericMath::one()) > 0;
         }
         return aboveOne == (exponentSign > 0) ? infinity() : Numeric();
      }
      if (base.kind_ == Kind::Infinity) return exponentSign > 0 ? infinity() : Numeric();
      if (exponentSign < 0) return Numeric();
      return NumericMath::isOddInteger(exponent) ? infinity(true) : infinity();
   }
   if (NumericMath::isIntegral(exponent) && exponent.leadingExponent() < 10) {
      __int128 n = *exponent.toUnscaled(0);
      if (n >= INT32_MIN && n <= INT32_MAX) return NumericMath::powerInteger(base, int64_t(n));
   }
   return NumericMath::powerReal(base, exponent);
}

}  // namespace kiln
