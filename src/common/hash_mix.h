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

/// A hash of a byte string, sixteen bytes at a time in two independent lanes (one multiply
/// each, so that their latencies overlap); the last bytes are read as one word that overlaps the
/// ones before, or zero-padded when the string is shorter than a word. Not finalized (see
/// mixBits) where its user mixes it further. Byte at a time, a 70-byte string took ~50 ns (TPC-H
/// Q10 spent a third of its time hashing its customers' strings); a word at a time with a memcpy
/// for the tail, 16.5 ns a c_comment (73 bytes on average) in a loop over SF 1's; now 11.5 ns.
inline uint64_t hashBytes(const char* data, size_t length) {
   constexpr uint64_t multiplier = 0xBF58476D1CE4E5B9ULL;
   auto mix = [](uint64_t h, uint64_t word) {
      h = (h ^ word) * multiplier;
      return h ^ (h >> 31);
   };
   auto load = [data](size_t at) {
      uint64_t word;
      std::memcpy(&word, data + at, 8);
      return word;
   };
   uint64_t h = 0x9E3779B97F4A7C15ULL ^ length, other = 0x94D049BB133111EBULL;
   size_t i = 0;
   for (; i + 16 <= length; i += 16) {
      h = mix(h, load(i));
      other = mix(other, load(i + 8));
   }
   if (i + 8 <= length) {
      h = mix(h, load(i));
      i += 8;
   }
   uint64_t tail = 0;
   if (length >= 8) {
      if (i < length) tail = load(length - 8);
   } else {
      std::memcpy(&tail, data, length);
   }
   return mix(h ^ (other * multiplier), tail);
}

}  // namespace kiln
