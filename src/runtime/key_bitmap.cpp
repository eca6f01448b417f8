#include "runtime/key_bitmap.h"

#include <algorithm>
#include <cstring>

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
   if (width == 0 || width > maxSpan) {
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

template <typename Key>
int32_t heldKeys(const kiln::KeyBitmap* bitmap, const Key* keys) {
   if (bitmap->passAll) return (1 << kiln::KeyBitmap::blockKeys) - 1;
   int32_t mask = 0;
   for (unsigned k = 0; k < kiln::KeyBitmap::blockKeys; ++k) {
      uint64_t offset = uint64_t(int64_t(keys[k])) - uint64_t(bitmap->low);
      bool held = offset < bitmap->span && (bitmap->words[offset / 64] >> (offset % 64) & 1);
      mask |= int32_t(held) << k;
   }
   return mask;
}

}  // namespace

int32_t kiln_key_bitmap_block32(const kiln::KeyBitmap* bitmap, const int32_t* keys) { return heldKeys(bitmap, keys); }
int32_t kiln_key_bitmap_block64(const kiln::KeyBitmap* bitmap, const int64_t* keys) { return heldKeys(bitmap, keys); }
