// Natural numbers of any size, in base 10^9 (nine decimal digits a limb, least significant
// first): the coefficients of NUMERIC values. A decimal base keeps what NUMERIC does most —
// scaling by powers of ten, rounding at a decimal place, text in and out — linear in the size.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

class Magnitude {
   public:
   static constexpr uint32_t base = 1000000000;
   static constexpr unsigned digitsPerLimb = 9;

   Magnitude() = default;
   explicit Magnitude(unsigned __int128 value);
   /// The number a string of decimal digits ('0'-'9' only, leading zeros allowed) spells.
   static Magnitude fromDigits(std::string_view digits);
   static Magnitude powerOfTen(unsigned exponent);

   bool isZero() const { return limbs_.empty(); }
   const std::vector<uint32_t>& limbs() const { return limbs_; }
   /// From limbs, least significant first (high zero limbs are dropped).
   static Magnitude fromLimbs(std::vector<uint32_t> limbs);
   /// Decimal digits, 0 for zero.
   size_t digitCount() const;
   /// Decimal zeros it ends with (0 for zero).
   size_t trailingZeros() const;
   /// The decimal digit at `position` (0: the units), 0 past the top.
   unsigned digitAt(size_t position) const;
   bool fitsInU128() const;
   unsigned __int128 toU128() const;  // when it fits
   /// Its decimal digits, "0" for zero.
   std::string toString() const;
   /// Roughly, as a double: the top limbs' value (for estimates of size, not for results).
   double approximate() const;

   friend int compare(const Magnitude& a, const Magnitude& b);
   friend bool operator==(const Magnitude& a, const Magnitude& b) { return a.limbs_ == b.limbs_; }
   friend Magnitude operator+(const Magnitude& a, const Magnitude& b);
   /// a - b for a >= b.
   friend Magnitude operator-(const Magnitude& a, const Magnitude& b);
   friend Magnitude operator*(const Magnitude& a, const Magnitude& b);
   /// Quotient and remainder of a / b, for b != 0 (Knuth's algorithm D).
   static void divide(const Magnitude& a, const Magnitude& b, Magnitude& quotient, Magnitude& remainder);
   /// Multiplies by `factor` < 10^9 in place.
   void multiplySmall(uint32_t factor);
   void addSmall(uint32_t addend);

   Magnitude timesPowerOfTen(size_t exponent) const;
   /// This divided by 10^exponent, truncated, or rounded half up when `roundHalfUp`.
   Magnitude dividedByPowerOfTen(size_t exponent, bool roundHalfUp) const;
   /// Whether any of the digits below `position` (the units are 0) is not zero.
   bool anyDigitBelow(size_t position) const;
   /// The integer square root (the floor of the square root).
   Magnitude squareRootFloor() const;

   private:
   void trim();
   std::vector<uint32_t> limbs_;
};

}  // namespace kiln
