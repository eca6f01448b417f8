// TPC-C's random numbers (clause 2.1, 4.3.2): uniform ranges, NURand, a-strings, n-strings,
// customer last names from syllables, zip codes, and data fields of which 10% say "ORIGINAL".
#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace kiln::bench {

/// The constants C of NURand(A, x, y) for A = 255 (C_LAST), 1023 (C_ID) and 8191 (OL_I_ID).
struct NURandConstants {
   int64_t cLast = 0;
   int64_t cId = 0;
   int64_t itemId = 0;
};

class TpccRandom {
   public:
   explicit TpccRandom(uint64_t seed) : engine_(seed) {}

   /// Uniform in [low, high].
   int64_t uniform(int64_t low, int64_t high) { return std::uniform_int_distribution<int64_t>(low, high)(engine_); }
   /// NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x, C from `constants`.
   int64_t nurand(int64_t a, int64_t x, int64_t y);
   /// NURand(255, 0, 999), NURand(1023, 1, 3000), NURand(8191, 1, 100000) with the current constants.
   int64_t customerLastNumber() { return nurand(255, 0, 999); }
   int64_t customerId() { return nurand(1023, 1, 3000); }
   int64_t itemId() { return nurand(8191, 1, 100000); }

   /// Random alphanumeric string of random length in [minLength, maxLength].
   std::string aString(int minLength, int maxLength);
   /// Random string of digits of random length in [minLength, maxLength].
   std::string nString(int minLength, int maxLength);
   /// Four random digits followed by "11111".
   std::string zip() { return nString(4, 4) + "11111"; }
   /// An a-string [26..50]; in 10% of the cases "ORIGINAL" replaces part of it at a random position.
   std::string dataField();

   /// Draws constants for the population (clause 2.1.6).
   NURandConstants drawLoadConstants();
   /// Switches to constants for the measurement: C_LAST differs from the population's by a delta in
   /// [65, 119] other than 96 and 112 (clause 2.1.6.1); C_ID and OL_I_ID stay.
   void useRunConstants(const NURandConstants& load);
   const NURandConstants& constants() const { return constants_; }
   /// Another terminal's constants: all terminals of a run share them.
   void useConstants(const NURandConstants& constants) { constants_ = constants; }

   private:
   std::mt19937_64 engine_;
   NURandConstants constants_;
};

/// The customer last name of a number in [0, 999]: three syllables, one per decimal digit.
std::string customerLastName(int64_t number);

}  // namespace kiln::bench
