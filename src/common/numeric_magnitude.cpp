#include "common/numeric_magnitude.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace kiln {

namespace {

constexpr uint32_t powersOfTen[10] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};

unsigned digitsOf(uint32_t limb) {
   unsigned n = 1;
   while (n < 9 && limb >= powersOfTen[n]) ++n;
   return n;
}

}  // namespace

Magnitude::Magnitude(unsigned __int128 value) {
   while (value) {
      limbs_.push_back(uint32_t(value % base));
      value /= base;
   }
}

Magnitude Magnitude::fromLimbs(std::vector<uint32_t> limbs) {
   Magnitude m;
   m.limbs_ = std::move(limbs);
   m.trim();
   return m;
}

void Magnitude::trim() {
   while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

Magnitude Magnitude::fromDigits(std::string_view digits) {
   Magnitude m;
   m.limbs_.reserve(digits.size() / digitsPerLimb + 1);
   for (size_t end = digits.size(); end > 0;) {
      size_t begin = end >= digitsPerLimb ? end - digitsPerLimb : 0;
      uint32_t limb = 0;
      for (size_t i = begin; i < end; ++i) limb = limb * 10 + uint32_t(digits[i] - '0');
      m.limbs_.push_back(limb);
      end = begin;
   }
   m.trim();
   return m;
}

Magnitude Magnitude::powerOfTen(unsigned exponent) {
   Magnitude m;
   m.limbs_.assign(exponent / digitsPerLimb, 0);
   m.limbs_.push_back(powersOfTen[exponent % digitsPerLimb]);
   return m;
}

size_t Magnitude::digitCount() const {
   if (limbs_.empty()) return 0;
   return (limbs_.size() - 1) * digitsPerLimb + digitsOf(limbs_.back());
}

size_t Magnitude::trailingZeros() const {
   size_t zeros = 0;
   for (uint32_t limb : limbs_) {
      if (limb == 0) {
         zeros += digitsPerLimb;
         continue;
      }
      while (limb % 10 == 0) {
         limb /= 10;
         ++zeros;
      }
      return zeros;
   }
   return 0;
}

unsigned Magnitude::digitAt(size_t position) const {
   size_t limb = position / digitsPerLimb;
   if (limb >= limbs_.size()) return 0;
   return limbs_[limb] / powersOfTen[position % digitsPerLimb] % 10;
}

bool Magnitude::fitsInU128() const {
   if (limbs_.size() <= 4) return true;  // below 10^36
   if (limbs_.size() > 5) return false;
   // 2^128 - 1 = 340282366920938463463374607431768211455: five limbs, the top one at most 340.
   return compare(*this, Magnitude(~static_cast<unsigned __int128>(0))) <= 0;
}

unsigned __int128 Magnitude::toU128() const {
   unsigned __int128 value = 0;
   for (size_t i = limbs_.size(); i-- > 0;) value = value * base + limbs_[i];
   return value;
}

std::string Magnitude::toString() const {
   if (limbs_.empty()) return "0";
   std::string text = std::to_string(limbs_.back());
   text.reserve(digitCount());
   char group[digitsPerLimb];
   for (size_t i = limbs_.size() - 1; i-- > 0;) {
      uint32_t limb = limbs_[i];
      for (unsigned d = digitsPerLimb; d-- > 0;) {
         group[d] = char('0' + limb % 10);
         limb /= 10;
      }
      text.append(group, digitsPerLimb);
   }
   return text;
}

double Magnitude::approximate() const {
   double value = 0;
   size_t top = std::min<size_t>(limbs_.size(), 3);
   for (size_t i = 0; i < top; ++i) value = value * base + limbs_[limbs_.size() - 1 - i];
   return value * std::pow(10.0, double((limbs_.size() - top) * digitsPerLimb));
}

int compare(const Magnitude& a, const Magnitude& b) {
   if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
   for (size_t i = a.limbs_.size(); i-- > 0;)
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
   return 0;
}

Magnitude operator+(const Magnitude& a, const Magnitude& b) {
   const Magnitude& longer = a.limbs_.size() >= b.limbs_.size() ? a : b;
   const Magnitude& shorter = a.limbs_.size() >= b.limbs_.size() ? b : a;
   Magnitude sum;
   sum.limbs_.resize(longer.limbs_.size() + 1);
   uint32_t carry = 0;
   for (size_t i = 0; i < longer.limbs_.size(); ++i) {
      uint32_t s = longer.limbs_[i] + (i < shorter.limbs_.size() ? shorter.limbs_[i] : 0) + carry;
      carry = s >= Magnitude::base;
      sum.limbs_[i] = carry ? s - Magnitude::base : s;
   }
   sum.limbs_.back() = carry;
   sum.trim();
   return sum;
}

Magnitude operator-(const Magnitude& a, const Magnitude& b) {
   Magnitude difference;
   difference.limbs_.resize(a.limbs_.size());
   int64_t borrow = 0;
   for (size_t i = 0; i < a.limbs_.size(); ++i) {
      int64_t d = int64_t(a.limbs_[i]) - (i < b.limbs_.size() ? b.limbs_[i] : 0) - borrow;
      borrow = d < 0;
      difference.limbs_[i] = uint32_t(borrow ? d + Magnitude::base : d);
   }
   difference.trim();
   return difference;
}

Magnitude operator*(const Magnitude& a, const Magnitude& b) {
   Magnitude product;
   if (a.isZero() || b.isZero()) return product;
   product.limbs_.assign(a.limbs_.size() + b.limbs_.size(), 0);
   for (size_t i = 0; i < a.limbs_.size(); ++i) {
      uint64_t carry = 0, x = a.limbs_[i];
      if (x == 0) continue;
      for (size_t j = 0; j < b.limbs_.size(); ++j) {
         uint64_t t = product.limbs_[i + j] + x * b.limbs_[j] + carry;
         product.limbs_[i + j] = uint32_t(t % Magnitude::base);
         carry = t / Magnitude::base;
      }
      for (size_t k = i + b.limbs_.size(); carry; ++k) {
         uint64_t t = product.limbs_[k] + carry;
         product.limbs_[k] = uint32_t(t % Magnitude::base);
         carry = t / Magnitude::base;
      }
   }
   product.trim();
   return product;
}

void Magnitude::multiplySmall(uint32_t factor) {
   uint64_t carry = 0;
   for (uint32_t& limb : limbs_) {
      uint64_t t = uint64_t(limb) * factor + carry;
      limb = uint32_t(t % base);
      carry = t / base;
   }
   if (carry) limbs_.push_back(uint32_t(carry));
   trim();
}

void Magnitude::addSmall(uint32_t addend) {
   uint64_t carry = addend;
   for (size_t i = 0; carry; ++i) {
      if (i == limbs_.size()) limbs_.push_back(0);
      uint64_t t = limbs_[i] + carry;
      limbs_[i] = uint32_t(t % base);
      carry = t / base;
   }
}

void Magnitude::divide(const Magnitude& a, const Magnitude& b, Magnitude& quotient, Magnitude& remainder) {
   if (compare(a, b) < 0) {
      quotient = Magnitude();
      remainder = a;
      return;
   }
   size_t n = b.limbs_.size(), m = a.limbs_.size() - n;
   if (n == 1) {
      // One limb: short division.
      Magnitude q;
      q.limbs_.resize(a.limbs_.size());
      uint64_t r = 0, d = b.limbs_[0];
      for (size_t i = a.limbs_.size(); i-- > 0;) {
         uint64_t t = r * base + a.limbs_[i];
         q.limbs_[i] = uint32_t(t / d);
         r = t % d;
      }
      q.trim();
      quotient = std::move(q);
      remainder = Magnitude(r);
      return;
   }
   // Normalize so that the divisor's top limb is at least base / 2: then each estimated quotient
   // limb is at most 2 too large.
   uint32_t scale = uint32_t(base / (uint64_t(b.limbs_.back()) + 1));
   Magnitude u = a, v = b;
   u.multiplySmall(scale);
   v.multiplySmall(scale);
   u.limbs_.resize(a.limbs_.size() + 1, 0);
   Magnitude q;
   q.limbs_.assign(m + 1, 0);
   uint64_t vTop = v.limbs_[n - 1], vNext = v.limbs_[n - 2];
   for (size_t j = m + 1; j-- > 0;) {
      uint64_t numerator = uint64_t(u.limbs_[j + n]) * base + u.limbs_[j + n - 1];
      uint64_t qHat = numerator / vTop, rHat = numerator % vTop;
      while (qHat >= base || qHat * vNext > rHat * base + u.limbs_[j + n - 2]) {
         --qHat;
         rHat += vTop;
         if (rHat >= base) break;
      }
      // u[j .. j+n] -= qHat * v
      int64_t borrow = 0;
      uint64_t carry = 0;
      for (size_t i = 0; i < n; ++i) {
         uint64_t p = qHat * v.limbs_[i] + carry;
         carry = p / base;
         int64_t t = int64_t(u.limbs_[i + j]) - int64_t(p % base) - borrow;
         borrow = t < 0;
         u.limbs_[i + j] = uint32_t(borrow ? t + base : t);
      }
      int64_t t = int64_t(u.limbs_[j + n]) - int64_t(carry) - borrow;
      borrow = t < 0;
      u.limbs_[j + n] = uint32_t(borrow ? t + base : t);
      if (borrow) {
         // Estimated one too large: add the divisor back.
         --qHat;
         uint32_t c = 0;
         for (size_t i = 0; i < n; ++i) {
            uint32_t s = u.limbs_[i + j] + v.limbs_[i] + c;
            c = s >= base;
            u.limbs_[i + j] = c ? s - base : s;
         }
         u.limbs_[j + n] = uint32_t((uint64_t(u.limbs_[j + n]) + c) % base);
      }
      q.limbs_[j] = uint32_t(qHat);
   }
   q.trim();
   quotient = std::move(q);
   // The remainder is u / scale.
   u.trim();
   uint64_t r = 0;
   for (size_t i = u.limbs_.size(); i-- > 0;) {
      uint64_t t = r * base + u.limbs_[i];
      u.limbs_[i] = uint32_t(t / scale);
      r = t % scale;
   }
   u.trim();
   remainder = std::move(u);
}

Magnitude Magnitude::timesPowerOfTen(size_t exponent) const {
   if (isZero()) return *this;
   Magnitude m;
   m.limbs_.reserve(limbs_.size() + exponent / digitsPerLimb + 1);
   m.limbs_.assign(exponent / digitsPerLimb, 0);
   m.limbs_.insert(m.limbs_.end(), limbs_.begin(), limbs_.end());
   if (exponent % digitsPerLimb) m.multiplySmall(powersOfTen[exponent % digitsPerLimb]);
   return m;
}

bool Magnitude::anyDigitBelow(size_t position) const {
   size_t whole = std::min(position / digitsPerLimb, limbs_.size());
   for (size_t i = 0; i < whole; ++i)
      if (limbs_[i]) return true;
   if (whole == limbs_.size() || position % digitsPerLimb == 0) return false;
   return limbs_[whole] % powersOfTen[position % digitsPerLimb] != 0;
}

Magnitude Magnitude::dividedByPowerOfTen(size_t exponent, bool roundHalfUp) const {
   if (exponent == 0) return *this;
   bool up = roundHalfUp && exponent <= digitCount() && digitAt(exponent - 1) >= 5;
   Magnitude m;
   size_t whole = exponent / digitsPerLimb;
   if (whole < limbs_.size()) {
      m.limbs_.assign(limbs_.begin() + std::ptrdiff_t(whole), limbs_.end());
      if (unsigned part = unsigned(exponent % digitsPerLimb)) {
         uint32_t divisor = powersOfTen[part], multiplier = powersOfTen[digitsPerLimb - part];
         for (size_t i = 0; i < m.limbs_.size(); ++i) {
            uint32_t high = i + 1 < m.limbs_.size() ? m.limbs_[i + 1] % divisor : 0;
            m.limbs_[i] = m.limbs_[i] / divisor + high * multiplier;
         }
      }
      m.trim();
   }
   if (up) m.addSmall(1);
   return m;
}

Magnitude Magnitude::squareRootFloor() const {
   if (isZero()) return *this;
   // Newton's iteration from above: x' = (x + n / x) / 2 decreases to the floor of the root.
   size_t digits = digitCount();
   Magnitude x;
   if (digits <= 30) {
      double estimate = std::sqrt(approximate());
      x = Magnitude((unsigned __int128)(estimate * 1.0000001) + 2);
   } else {
      // 10^ceil(digits / 2) is above the root.
      x = Magnitude::powerOfTen(unsigned((digits + 1) / 2));
   }
   for (;;) {
      Magnitude quotient, remainder;
      divide(*this, x, quotient, remainder);
      Magnitude next = x + quotient;
      // Halve.
      uint64_t carry = 0;
      for (size_t i = next.limbs_.size(); i-- > 0;) {
         uint64_t t = carry * base + next.limbs_[i];
         next.limbs_[i] = uint32_t(t / 2);
         carry = t % 2;
      }
      next.trim();
      if (compare(next, x) >= 0) return x;
      x = std::move(next);
   }
}

}  // namespace kiln
