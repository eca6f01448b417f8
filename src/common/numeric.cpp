#include "common/numeric.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "common/value.h"

namespace kiln {

namespace {

[[noreturn]] void overflow() { throw Error("22003", "value overflows numeric format"); }
[[noreturn]] void divisionByZero() { throw Error("22012", "division by zero"); }

bool isBlank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool startsWithNoCase(std::string_view text, std::string_view word) {
   if (text.size() < word.size()) return false;
   for (size_t i = 0; i < word.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(text[i])) != word[i]) return false;
   return true;
}

/// The magnitudes of a and b at the smaller of their exponents, which the result has.
struct Aligned {
   Magnitude a, b;
   int64_t exponent;
};

Aligned align(const Magnitude& a, int64_t exponentA, const Magnitude& b, int64_t exponentB) {
   if (a.isZero()) return {a, b, exponentB};
   if (b.isZero()) return {a, b, exponentA};
   int64_t exponent = std::min(exponentA, exponentB);
   return {a.timesPowerOfTen(size_t(exponentA - exponent)), b.timesPowerOfTen(size_t(exponentB - exponent)), exponent};
}

/// -1, 0 or 1 by kind: -Infinity, finite, Infinity, NaN in that order.
int kindRank(Numeric::Kind kind) {
   switch (kind) {
      case Numeric::Kind::NegativeInfinity: return 0;
      case Numeric::Kind::Finite: return 1;
      case Numeric::Kind::Infinity: return 2;
      case Numeric::Kind::NaN: return 3;
   }
   return 1;
}

}  // namespace

void Numeric::normalize() {
   if (kind_ != Kind::Finite) return;
   if (magnitude_.isZero()) {
      negative_ = false;
      exponent_ = 0;
      return;
   }
   if (size_t zeros = magnitude_.trailingZeros()) {
      magnitude_ = magnitude_.dividedByPowerOfTen(zeros, false);
      exponent_ += int64_t(zeros);
   }
}

void Numeric::checkRange() const {
   if (kind_ != Kind::Finite) return;
   if (scale_ > maxScale || (!magnitude_.isZero() && leadingExponent() >= maxIntegerDigits)) overflow();
}

Numeric Numeric::fromParts(bool negative, Magnitude magnitude, int64_t exponent, int scale) {
   Numeric n;
   n.negative_ = negative;
   n.magnitude_ = std::move(magnitude);
   n.exponent_ = exponent;
   n.scale_ = scale;
   n.normalize();
   n.checkRange();
   return n;
}

Numeric Numeric::fromUnscaled(__int128 unscaled, int scale) {
   bool negative = unscaled < 0;
   unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(unscaled) : static_cast<unsigned __int128>(unscaled);
   return fromParts(negative, Magnitude(magnitude), -int64_t(scale), scale);
}

Numeric Numeric::fromDouble(double value, bool singlePrecision) {
   if (std::isnan(value)) return nan();
   if (std::isinf(value)) return infinity(value < 0);
   char text[64];
   std::snprintf(text, sizeof(text), "%.*g", singlePrecision ? 6 : 15, value);
   return parse(text);
}

Numeric Numeric::parse(std::string_view input) {
   auto invalid = [&]() -> Error { return Error("22P02", "invalid input syntax for type numeric: \"" + std::string(input) + "\""); };
   size_t i = 0, n = input.size();
   while (i < n && isBlank(input[i])) ++i;
   while (n > i && isBlank(input[n - 1])) --n;
   std::string_view text = input.substr(i, n - i);
   // The spellings float8in takes, as numeric_in: NaN, Infinity and inf, each in any case.
   static const std::pair<std::string_view, Kind> specials[] = {
      {"nan", Kind::NaN},      {"infinity", Kind::Infinity}, {"+infinity", Kind::Infinity},   {"-infinity", Kind::NegativeInfinity},
      {"inf", Kind::Infinity}, {"+inf", Kind::Infinity},     {"-inf", Kind::NegativeInfinity}};
   for (auto& [word, kind] : specials)
      if (text.size() == word.size() && startsWithNoCase(text, word)) return special(kind);
   size_t p = 0;
   bool negative = false;
   if (p < text.size() && (text[p] == '+' || text[p] == '-')) negative = text[p++] == '-';
   std::string digits;
   int64_t fractionDigits = 0;
   bool point = false, anyDigit = false;
   for (; p < text.size(); ++p) {
      char c = text[p];
      if (c >= '0' && c <= '9') {
         anyDigit = true;
         if (!digits.empty() || c != '0') digits.push_back(c);
         if (point) ++fractionDigits;
      } else if (c == '.' && !point) {
         point = true;
      } else {
         break;
      }
   }
   if (!anyDigit) throw invalid();
   int64_t exponent = 0;
   if (p < text.size() && (text[p] == 'e' || text[p] == 'E')) {
      // strtol's syntax: blanks, a sign, digits.
      ++p;
      while (p < text.size() && isBlank(text[p])) ++p;
      bool negativeExponent = false;
      if (p < text.size() && (text[p] == '+' || text[p] == '-')) negativeExponent = text[p++] == '-';
      size_t start = p;
      while (p < text.size() && text[p] >= '0' && text[p] <= '9') {
         if (exponent < 1000000000) exponent = exponent * 10 + (text[p] - '0');
         ++p;
      }
      if (p == start) throw invalid();
      if (exponent >= 1073741823) overflow();  // INT_MAX / 2, as PostgreSQL
      if (negativeExponent) exponent = -exponent;
   }
   if (p != text.size()) throw invalid();
   int64_t scale = std::max<int64_t>(fractionDigits - exponent, 0);
   if (scale > maxScale) overflow();
   // A value too large for the type fails before its digits are made.
   if (!digits.empty() && int64_t(digits.size()) - fractionDigits + exponent > maxIntegerDigits) overflow();
   return fromParts(negative, Magnitude::fromDigits(digits), exponent - fractionDigits, int(scale));
}

std::string Numeric::toString() const {
   switch (kind_) {
      case Kind::NaN: return "NaN";
      case Kind::Infinity: return "Infinity";
      case Kind::NegativeInfinity: return "-Infinity";
      case Kind::Finite: break;
   }
   std::string out = negative_ ? "-" : "";
   if (magnitude_.isZero()) {
      out += "0";
      if (scale_ > 0) out += "." + std::string(size_t(scale_), '0');
      return out;
   }
   std::string digits = magnitude_.toString();
   size_t fraction = 0;  // digits of the magnitude after the point
   if (exponent_ >= 0) {
      digits.append(size_t(exponent_), '0');
   } else {
      fraction = size_t(-exponent_);
      if (digits.size() <= fraction) digits.insert(0, fraction - digits.size() + 1, '0');
   }
   out.append(digits, 0, digits.size() - fraction);
   if (scale_ > 0) {
      out.push_back('.');
      out.append(digits, digits.size() - fraction, fraction);
      out.append(size_t(scale_) - fraction, '0');
   }
   return out;
}

int compare(const Numeric& a, const Numeric& b) {
   if (a.kind_ != b.kind_ || !a.isFinite()) {
      int ra = kindRank(a.kind_), rb = kindRank(b.kind_);
      return ra < rb ? -1 : ra > rb ? 1 : 0;
   }
   bool zeroA = a.magnitude_.isZero(), zeroB = b.magnitude_.isZero();
   int signA = zeroA ? 0 : a.negative_ ? -1 : 1, signB = zeroB ? 0 : b.negative_ ? -1 : 1;
   if (signA != signB) return signA < signB ? -1 : 1;
   if (signA == 0) return 0;
   // Same sign: the leading digit's place first, then the aligned digits.
   int magnitudeOrder;
   int64_t leadA = a.leadingExponent(), leadB = b.leadingExponent();
   if (leadA != leadB) {
      magnitudeOrder = leadA < leadB ? -1 : 1;
   } else {
      Aligned aligned = align(a.magnitude_, a.exponent_, b.magnitude_, b.exponent_);
      magnitudeOrder = compare(aligned.a, aligned.b);
   }
   return signA < 0 ? -magnitudeOrder : magnitudeOrder;
}

Numeric operator+(const Numeric& a, const Numeric& b) {
   if (a.isNaN() || b.isNaN()) return Numeric::nan();
   if (a.isInfinite() || b.isInfinite()) {
      if (a.isInfinite() && b.isInfinite() && a.kind_ != b.kind_) return Numeric::nan();
      return a.isInfinite() ? a : b;
   }
   int scale = std::max(a.scale_, b.scale_);
   Aligned x = align(a.magnitude_, a.exponent_, b.magnitude_, b.exponent_);
   if (a.negative_ == b.negative_) return Numeric::fromParts(a.negative_, x.a + x.b, x.exponent, scale);
   int order = compare(x.a, x.b);
   if (order == 0) return Numeric::fromParts(false, Magnitude(), 0, scale);
   return order > 0 ? Numeric::fromParts(a.negative_, x.a - x.b, x.exponent, scale) : Numeric::fromParts(b.negative_, x.b - x.a, x.exponent, scale);
}

Numeric Numeric::operator-() const {
   switch (kind_) {
      case Kind::NaN: return *this;
      case Kind::Infinity: return infinity(true);
      case Kind::NegativeInfinity: return infinity(false);
      case Kind::Finite: break;
   }
   Numeric n = *this;
   n.negative_ = !negative_ && !magnitude_.isZero();
   return n;
}

Numeric operator-(const Numeric& a, const Numeric& b) { return a + (-b); }

Numeric operator*(const Numeric& a, const Numeric& b) {
   if (a.isNaN() || b.isNaN()) return Numeric::nan();
   if (a.isInfinite() || b.isInfinite()) {
      if (a.isZero() || b.isZero()) return Numeric::nan();
      return Numeric::infinity(a.isNegative() != b.isNegative());
   }
   int scale = a.scale_ + b.scale_;
   if (!a.magnitude_.isZero() && !b.magnitude_.isZero() && a.leadingExponent() + b.leadingExponent() >= Numeric::maxIntegerDigits) overflow();
   Numeric product;
   product.negative_ = a.negative_ != b.negative_;
   product.magnitude_ = a.magnitude_ * b.magnitude_;
   product.exponent_ = a.exponent_ + b.exponent_;
   product.normalize();
   // PostgreSQL rounds an exact product with more digits after the point than a value can have.
   if (scale > Numeric::maxScale) {
      product = product.roundedTo(Numeric::maxScale, true);
      scale = Numeric::maxScale;
   }
   product.scale_ = scale;
   product.checkRange();
   return product;
}

Numeric::DigitGroups Numeric::digitGroups() const {
   DigitGroups groups;
   if (!isFinite() || magnitude_.isZero()) return groups;
   int64_t lead = leadingExponent();
   groups.weight = lead >= 0 ? lead / 4 : -((-lead + 3) / 4);
   // The value's digits from the first group's top place down, four groups of them.
   int64_t top = groups.weight * 4 + 3;  // the place of the first group's first digit
   int64_t bottom = top - 15;
   int64_t lowest = exponent_;  // the magnitude's last digit's place
   Magnitude window = bottom >= lowest ? magnitude_.dividedByPowerOfTen(size_t(bottom - lowest), false) : magnitude_.timesPowerOfTen(size_t(lowest - bottom));
   groups.more = bottom > lowest && magnitude_.anyDigitBelow(size_t(bottom - lowest));
   unsigned __int128 value = window.toU128();
   for (int i = 3; i >= 0; --i) {
      groups.digits[i] = uint32_t(value % 10000);
      value /= 10000;
   }
   groups.count = 4;
   while (groups.count > 1 && groups.digits[groups.count - 1] == 0 && !groups.more) --groups.count;
   return groups;
}

int Numeric::divisionScale(const Numeric& a, const Numeric& b) {
   DigitGroups x = a.digitGroups(), y = b.digitGroups();
   int64_t quotientWeight = x.weight - y.weight;
   if (x.digits[0] <= y.digits[0]) --quotientWeight;
   int64_t scale = minSignificantDigits - quotientWeight * 4;
   scale = std::max<int64_t>({scale, a.scale_, b.scale_, 0});
   return int(std::min<int64_t>(scale, maxDisplayScale));
}

Numeric Numeric::divide(const Numeric& a, const Numeric& b, int scale, bool round) {
   if (b.magnitude_.isZero()) divisionByZero();
   if (a.magnitude_.isZero()) return fromParts(false, Magnitude(), 0, scale);
   if (a.leadingExponent() - b.leadingExponent() >= maxIntegerDigits) overflow();
   // round(a / b * 10^scale) = round(ma * 10^(ea - eb + scale) / mb).
   int64_t shift = a.exponent_ - b.exponent_ + scale;
   Magnitude numerator = shift > 0 ? a.magnitude_.timesPowerOfTen(size_t(shift)) : a.magnitude_;
   Magnitude denominator = shift < 0 ? b.magnitude_.timesPowerOfTen(size_t(-shift)) : b.magnitude_;
   Magnitude quotient, remainder;
   Magnitude::divide(numerator, denominator, quotient, remainder);
   if (round && compare(remainder + remainder, denominator) >= 0) quotient.addSmall(1);
   return fromParts(a.negative_ != b.negative_, std::move(quotient), -int64_t(scale), scale);
}

Numeric operator/(const Numeric& a, const Numeric& b) {
   if (a.isNaN() || b.isNaN()) return Numeric::nan();
   if (a.isInfinite()) {
      if (b.isInfinite()) return Numeric::nan();
      if (b.isZero()) divisionByZero();
      return Numeric::infinity(a.isNegative() != b.isNegative());
   }
   if (b.isInfinite()) return Numeric();
   return Numeric::divide(a, b, Numeric::divisionScale(a, b));
}

Numeric Numeric::divideTruncated(const Numeric& a, const Numeric& b) {
   if (a.isNaN() || b.isNaN()) return nan();
   if (a.isInfinite()) {
      if (b.isInfinite()) return nan();
      if (b.isZero()) divisionByZero();
      return infinity(a.isNegative() != b.isNegative());
   }
   if (b.isInfinite()) return Numeric();
   return divide(a, b, 0, false);
}

Numeric operator%(const Numeric& a, const Numeric& b) {
   if (a.isNaN() || b.isNaN()) return Numeric::nan();
   if (a.isInfinite()) {
      if (b.isZero()) divisionByZero();
      return Numeric::nan();
   }
   if (b.isInfinite()) return a;
   Numeric quotient = Numeric::divide(a, b, 0, false);
   Numeric remainder = a - b * quotient;
   remainder.scale_ = std::max(a.scale_, b.scale_);
   return remainder;
}

Numeric Numeric::absolute() const {
   if (kind_ == Kind::NegativeInfinity) return infinity(false);
   Numeric n = *this;
   n.negative_ = false;
   return n;
}

Numeric Numeric::sign() const {
   if (isNaN()) return *this;
   if (isZero()) return Numeric();
   return fromInteger(isNegative() ? -1 : 1);
}

Numeric Numeric::roundedTo(int64_t digits, bool roundHalfUp) const {
   // Digits of the magnitude below 10^-digits go.
   int64_t drop = -digits - exponent_;
   if (drop <= 0 || magnitude_.isZero()) return *this;
   Numeric n = *this;
   if (size_t(drop) > magnitude_.digitCount()) {
      n.magnitude_ = Magnitude();
   } else {
      n.magnitude_ = magnitude_.dividedByPowerOfTen(size_t(drop), roundHalfUp);
      n.exponent_ = -digits;
   }
   n.normalize();
   return n;
}

Numeric Numeric::rounded(int digits) const {
   if (!isFinite()) return *this;
   // PostgreSQL limits the digits asked for to its largest result scale.
   digits = std::clamp(digits, -2 * maxDisplayScale, 2 * maxDisplayScale);
   Numeric n = roundedTo(digits, true);
   n.scale_ = std::max(digits, 0);
   n.checkRange();
   return n;
}

Numeric Numeric::truncated(int digits) const {
   if (!isFinite()) return *this;
   digits = std::clamp(digits, -2 * maxDisplayScale, 2 * maxDisplayScale);
   Numeric n = roundedTo(digits, false);
   n.scale_ = std::max(digits, 0);
   return n;
}

Numeric Numeric::ceiling() const {
   if (!isFinite()) return *this;
   Numeric n = truncated(0);
   if (!negative_ && compare(n, *this) != 0) n = n + fromInteger(1);
   return n;
}

Numeric Numeric::floor() const {
   if (!isFinite()) return *this;
   Numeric n = truncated(0);
   if (negative_ && compare(n, *this) != 0) n = n - fromInteger(1);
   return n;
}

int32_t Numeric::widthBucket(const Numeric& operand, const Numeric& low, const Numeric& high, int32_t count) {
   auto invalid = [](const char* message) { return Error("2201G", message); };
   if (count <= 0) throw invalid("count must be greater than zero");
   if (operand.isNaN() || low.isNaN() || high.isNaN()) throw invalid("operand, lower bound, and upper bound cannot be NaN");
   if (low.isInfinite() || high.isInfinite()) throw invalid("lower and upper bounds must be finite");
   int direction = compare(low, high);
   if (direction == 0) throw invalid("lower bound cannot equal upper bound");
   bool rising = direction < 0;
   if (rising ? compare(operand, low) < 0 : compare(operand, low) > 0) return 0;
   if (rising ? compare(operand, high) >= 0 : compare(operand, high) <= 0) {
      if (count == INT32_MAX) throw Error("22003", "integer out of range");
      return count + 1;
   }
   // trunc((operand - low) * count / (high - low)) + 1, exactly.
   Numeric offset = rising ? operand - low : low - operand, width = rising ? high - low : low - high;
   Numeric bucket = divide(offset * fromInteger(count), width, 0, false);
   return int32_t(bucket.toInteger(SqlType::integer()) + 1);
}

int64_t Numeric::toInteger(SqlType target) const {
   std::string name = target.toString();
   if (isNaN()) throw Error("0A000", "cannot convert NaN to " + name);
   if (isInfinite()) throw Error("0A000", "cannot convert infinity to " + name);
   Numeric whole = roundedTo(0, true);
   int64_t low = target.id == TypeId::SmallInt ? INT16_MIN : target.id == TypeId::Integer ? INT32_MIN : INT64_MIN;
   int64_t high = target.id == TypeId::SmallInt ? INT16_MAX : target.id == TypeId::Integer ? INT32_MAX : INT64_MAX;
   if (whole.leadingExponent() > 18) throw Error("22003", name + " out of range");
   __int128 value = __int128(whole.magnitude_.toU128());
   for (int64_t e = 0; e < whole.exponent_; ++e) value *= 10;
   if (whole.negative_) value = -value;
   if (value < low || value > high) throw Error("22003", name + " out of range");
   return int64_t(value);
}

namespace {

/// Whether `n` converts to double exactly by one division or multiplication (both operands exact in
/// a double, so the result is correctly rounded), and that result.
bool exactDoubleOf(const Numeric& n, double& out) {
   static constexpr double exactPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
   int64_t exponent = n.exponent();
   if (!n.isFinite() || n.magnitude().digitCount() > 15 || exponent < -22 || exponent > 22) return false;
   double m = double(uint64_t(n.magnitude().toU128()));
   double v = exponent < 0 ? m / exactPowers[-exponent] : m * exactPowers[exponent];
   out = n.isNegative() ? -v : v;
   return true;
}

}  // namespace

double Numeric::toDouble(bool singlePrecision) const {
   switch (kind_) {
      case Kind::NaN: return std::numeric_limits<double>::quiet_NaN();
      case Kind::Infinity: return std::numeric_limits<double>::infinity();
      case Kind::NegativeInfinity: return -std::numeric_limits<double>::infinity();
      case Kind::Finite: break;
   }
   if (double exact; !singlePrecision && exactDoubleOf(*this, exact)) return exact;
   return text::parseDouble(toString(), singlePrecision ? SqlType::real() : SqlType::double_());
}

double Numeric::nearestDouble() const {
   if (!isFinite()) return toDouble(false);
   if (double exact; exactDoubleOf(*this, exact)) return exact;
   return std::strtod(toString().c_str(), nullptr);
}

std::optional<__int128> Numeric::toUnscaled(int scale) const {
   if (!isFinite()) return std::nullopt;
   Numeric n = roundedTo(scale, true);
   if (n.magnitude_.isZero()) return 0;
   int64_t shift = n.exponent_ + scale;  // >= 0 after rounding
   if (n.leadingExponent() + scale > 37) return std::nullopt;
   __int128 value = __int128(n.magnitude_.toU128());
   for (int64_t e = 0; e < shift; ++e) value *= 10;
   return n.negative_ ? -value : value;
}

Numeric Numeric::fitted(int precision, int scale) const {
   auto fieldOverflow = [&](const std::string& detail) {
      return Error("22003", "numeric field overflow", 0, "A field with precision " + std::to_string(precision) + ", scale " + std::to_string(scale) + detail);
   };
   if (isNaN()) throw Error("0A000", "NaN in a " + SqlType::decimal(unsigned(precision), unsigned(scale)).toString() + " value is not supported yet");
   if (isInfinite()) throw fieldOverflow(" cannot hold an infinite value.");
   Numeric n = rounded(scale);
   int integerDigits = precision - scale;
   if (!n.magnitude_.isZero() && n.leadingExponent() >= integerDigits)
      throw fieldOverflow(" must round to an absolute value less than " + (integerDigits ? "10^" + std::to_string(integerDigits) : std::string("1")) + ".");
   return n;
}

}  // namespace kiln
