#include "random.h"

namespace kiln::fuzz {

size_t Random::weighted(const std::vector<int>& weights) {
   int total = 0;
   for (int w : weights) total += w;
   int at = int(below(uint64_t(total)));
   for (size_t i = 0; i < weights.size(); ++i) {
      if (at < weights[i]) return i;
      at -= weights[i];
   }
   return weights.size() - 1;
}

uint64_t caseSeed(uint64_t seed, uint64_t index) {
   uint64_t z = seed + 0x9e3779b97f4a7c15ull * (index + 1);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

}  // namespace kiln::fuzz
