// MurmurHash3's 64-bit finalizer: spreads every input bit over the whole word, so the low bits
// (a hash table's bucket) depend on all of the input.
#pragma once

#include <cstdint>

namespace kiln {

inline uint64_t mixBits(uint64_t x) {
   x ^= x >> 33;
   x *= 0xff51afd7ed558ccdULL;
   x ^= x >> 33;
   x *= 0xc4ceb9fe1a85ec53ULL;
   return x ^ (x >> 33);
}

}  // namespace kiln
