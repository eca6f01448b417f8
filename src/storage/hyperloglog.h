// HyperLogLog (Flajolet et al. 2007) with 2^12 registers: about 1.6% standard error.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

namespace kiln {

class HyperLogLog {
   public:
   static constexpr unsigned bits = 12;
   static constexpr size_t registers = size_t(1) << bits;

   void add(uint64_t hash) {
      size_t index = hash >> (64 - bits);
      uint64_t rest = (hash << bits) | (uint64_t(1) << (bits - 1));
      uint8_t rank = uint8_t(__builtin_clzll(rest) + 1);
      if (rank > registers_[index]) registers_[index] = rank;
   }

   double estimate() const {
      double sum = 0;
      size_t zeros = 0;
      for (uint8_t r : registers_) {
         sum += std::ldexp(1.0, -int(r));
         zeros += r == 0;
      }
      const double m = double(registers);
      double raw = (0.7213 / (1 + 1.079 / m)) * m * m / sum;
      // Small ranges: linear counting is more accurate.
      if (raw <= 2.5 * m && zeros) return m * std::log(m / double(zeros));
      return raw;
   }

   private:
   std::array<uint8_t, registers> registers_{};
};

}  // namespace kiln
