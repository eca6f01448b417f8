// A seeded source of random choices. mt19937_64 is specified bit for bit by the standard, and the
// helpers below avoid the distributions (whose results differ between standard libraries), so a
// seed names the same cases everywhere.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace kiln::fuzz {

class Random {
   public:
   explicit Random(uint64_t seed) : engine_(seed) {}

   /// 0 <= result < n (n > 0).
   uint64_t below(uint64_t n) { return engine_() % n; }
   /// lo <= result <= hi.
   int64_t between(int64_t lo, int64_t hi) { return lo + int64_t(below(uint64_t(hi - lo) + 1)); }
   /// True with probability percent / 100.
   bool chance(int percent) { return int(below(100)) < percent; }
   template <typename T>
   const T& pick(const std::vector<T>& items) {
      return items[below(items.size())];
   }
   /// An index into `weights`, each chosen in proportion to its weight (at least one weight > 0).
   size_t weighted(const std::vector<int>& weights);

   private:
   std::mt19937_64 engine_;
};

/// A well-mixed seed for case `index` of a run with seed `seed` (splitmix64), so that any case can
/// be generated again on its own.
uint64_t caseSeed(uint64_t seed, uint64_t index);

}  // namespace kiln::fuzz
