#include "runtime/key_bitmap.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace kiln {

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
static_assert(offsetof(KeyBitmap, low) == KeyBitmap::lowOffset);
static_assert(offsetof(KeyBitmap, span) == KeyBitmap::spanOffset);
static_assert(offsetof(KeyBitmap, words) == KeyBitmap::wordsOffset);
static_assert(offsetof(KeyBitmap, passAll) == KeyBitmap::passAllOffset);
#pragma GCC diagnostic pop

const uint64_t KeyBitmap::noKeys = 0;

void KeyBitmap::build(const ChainedHashTable& table, size_t keyOffset, bool wide) {
   auto& rows = const_cast<ChainedHashTable&>(table).entries.rowVector();
   auto keyOf = [&](const char* row) -> int64_t {
      if (wide) {
         int64_t key;
         std::memcpy(&key, row + keyOffset, 8);
         return key;
      }
      int32_t key;
      std::memcpy(&key, row + keyOffset, 4);
      return key;
   };
   if (rows.empty()) return;  // span 0: no key passes
   int64_t high = keyOf(rows[0]);
   low = high;
   for (const char* row : rows) {
      int64_t key = keyOf(row);
      low = std::min(low, key);
      high = std::max(high, key);
   }
   uint64_t width = uint64_t(high) - uint64_t(low) + 1;
   uint64_t tableBits = uint64_t(rows.size()) * table.entries.rowSize() * 8;
   if (width == 0 || width > maxSpan || (width > maxCachedSpan && width > tableBits)) {
      passAll = 1;
      return;
   }
   span = width;
   storage_.assign((span + 63) / 64, 0);
   uint64_t held = 0;
   for (const char* row : rows) {
      uint64_t bit = uint64_t(keyOf(row)) - uint64_t(low);
      held += (storage_[bit / 64] >> (bit % 64) & 1) ^ 1;
      storage_[bit / 64] |= uint64_t(1) << (bit % 64);
   }
   words = storage_.data();
   // Keys that fill most of their range (a foreign key's) drop few rows: not worth testing.
   if (held * 2 > span) passAll = 1;
}

}  // namespace kiln

namespace {

constexpr int32_t allKeys = (1 << kiln::KeyBitmap::blockKeys) - 1;

template <typename Key>
int32_t heldKeys(const kiln::KeyBitmap* bitmap, const Key* keys) {
   int32_t mask = 0;
   for (unsigned k = 0; k < kiln::KeyBitmap::blockKeys; ++k) {
      uint64_t offset = uint64_t(int64_t(keys[k])) - uint64_t(bitmap->low);
      bool held = offset < bitmap->span && (bitmap->words[offset / 64] >> (offset % 64) & 1);
      mask |= int32_t(held) << k;
   }
   return mask;
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) uint32_t horizontalMin(__m256i v) {
   v = _mm256_min_epu32(v, _mm256_permute2x128_si256(v, v, 1));
   v = _mm256_min_epu32(v, _mm256_shuffle_epi32(v, 0x4E));
   v = _mm256_min_epu32(v, _mm256_shuffle_epi32(v, 0xB1));
   return uint32_t(_mm256_cvtsi256_si32(v));
}

__attribute__((target("avx2"))) uint32_t horizontalMax(__m256i v) {
   v = _mm256_max_epu32(v, _mm256_permute2x128_si256(v, v, 1));
   v = _mm256_max_epu32(v, _mm256_shuffle_epi32(v, 0x4E));
   v = _mm256_max_epu32(v, _mm256_shuffle_epi32(v, 0xB1));
   return uint32_t(_mm256_cvtsi256_si32(v));
}

/// The lanes of `bits` (each 0 or 1) that are 1, as bits `8 * half` on of a mask.
__attribute__((target("avx2"))) int32_t laneMask(__m256i bits, unsigned half) {
   return _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(bits, _mm256_set1_epi32(1)))) << (8 * half);
}

/// heldKeys for 4-byte keys with AVX2: the scalar loop was the most costly runtime function of
/// TPC-H (bench/notes.md). The offsets are taken modulo 2^32, which can only
/// let a key through that is not held, and a prefilter may. Keys close together (a foreign key
/// in the order of its table's rows, as lineitem's orders) are tested against the 64 bits from
/// the lowest of them on; others 8 at a time with gathers, which cost several times more.
__attribute__((target("avx2"))) int32_t heldKeys32Avx2(const kiln::KeyBitmap* bitmap, const int32_t* keys) {
   const __m256i low = _mm256_set1_epi32(int32_t(uint32_t(bitmap->low)));
   const __m256i one = _mm256_set1_epi32(1);
   __m256i offsets[2] = {_mm256_sub_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(keys)), low),
                         _mm256_sub_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(keys + 8)), low)};
   uint32_t first = horizontalMin(_mm256_min_epu32(offsets[0], offsets[1]));
   uint32_t last = horizontalMax(_mm256_max_epu32(offsets[0], offsets[1]));
   int32_t mask = 0;
   if (last - first < 64 && last < bitmap->span) {
      // Bits first .. first + 63 as a word; shifts by 32 or more give 0 in vector lanes.
      uint64_t word = first / 64, shift = first % 64;
      uint64_t window = bitmap->words[word] >> shift;
      if (shift && word + 1 < (bitmap->span + 63) / 64) window |= bitmap->words[word + 1] << (64 - shift);
      const __m256i lowBits = _mm256_set1_epi32(int32_t(uint32_t(window))), highBits = _mm256_set1_epi32(int32_t(uint32_t(window >> 32)));
      const __m256i base = _mm256_set1_epi32(int32_t(first)), thirtyTwo = _mm256_set1_epi32(32);
      for (unsigned half = 0; half < 2; ++half) {
         __m256i at = _mm256_sub_epi32(offsets[half], base);
         __m256i bits = _mm256_or_si256(_mm256_srlv_epi32(lowBits, at), _mm256_srlv_epi32(highBits, _mm256_sub_epi32(at, thirtyTwo)));
         mask |= laneMask(_mm256_and_si256(bits, one), half);
      }
      return mask;
   }
   const __m256i lastHeld = _mm256_set1_epi32(int32_t(uint32_t(bitmap->span - 1)));
   const __m256i bitInWord = _mm256_set1_epi32(31);
   // Little-endian: bit b of the 64-bit words is bit b % 32 of 32-bit word b / 32.
   const int* words = reinterpret_cast<const int*>(bitmap->words);
   for (unsigned half = 0; half < 2; ++half) {
      __m256i offset = offsets[half];
      __m256i inRange = _mm256_cmpeq_epi32(_mm256_min_epu32(offset, lastHeld), offset);
      __m256i word = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), words, _mm256_srli_epi32(offset, 5), inRange, 4);
      mask |= laneMask(_mm256_and_si256(_mm256_srlv_epi32(word, _mm256_and_si256(offset, bitInWord)), one), half);
   }
   return mask;
}
#endif

}  // namespace

int32_t kiln_key_bitmap_block32(const kiln::KeyBitmap* bitmap, const int32_t* keys) {
   if (bitmap->passAll) return allKeys;
   if (bitmap->span == 0) return 0;
#if defined(__x86_64__)
   static const bool avx2 = __builtin_cpu_supports("avx2");
   if (avx2) return heldKeys32Avx2(bitmap, keys);
#endif
   return heldKeys(bitmap, keys);
}

int32_t kiln_key_bitmap_block64(const kiln::KeyBitmap* bitmap, const int64_t* keys) { return bitmap->passAll ? allKeys : heldKeys(bitmap, keys); }
