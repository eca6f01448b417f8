// Hash mixing for hash tables and sketches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace kiln {

/// MurmurHash3's 64-bit finalizer: spreads every input bit over the whole word, so the low bits
/// (a hash table's bucket) depend on all of the input.
inline uint64_t mixBits(uint64_t x) {
   x ^= x >> 33;
   x *= 0xff51afd7ed558ccdULL;
   x ^= x >> 33;
   x *= 0xc4ceb9fe1a85ec53ULL;
   return x ^ (x >> 33);
}

/// A hash of a byte string, eight bytes at a time (one multiply each), the tail zero-padded; not
/// finalized (see mixBits) where its user mixes it further. Byte at a time, a 70-byte string took
/// ~50 ns: TPC-H Q10 spent a third of its time hashing its customers' strings.
inline uint64_t hashBytes(const char* data, size_t length) {
   uint64_t h = 0x9E3779B97F4A7C15ULL ^ length;
   auto mix = [&h](uint64_t word) {
      h = (h ^ word) * 0xBF58476D1CE4E5B9ULL;
      h ^= h >> 31;
   };
   size_t i = 0;
   for (; i + 8 <= length; i += 8) {
      uint64_t word;
      std::memcpy(&word, data + i, 8);
      mix(word);
   }
   uint64_t tail = 0;
   std::memcpy(&tail, data + i, length - i);
   mix(tail);
   return h;
}

}  // namespace kiln
