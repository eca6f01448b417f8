// The integer keys a hash join's build side holds, one bit per value of their range: the scan
// that probes the join drops rows whose key is not among them in blocks of rows, before they
// reach the hash table (a sideways filter: TPC-H Q11 keeps 4% of partsupp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/chained_hash_table.h"

namespace kiln {

struct KeyBitmap {
   // Read by generated code at these offsets (checked in key_bitmap.cpp).
   static constexpr size_t lowOffset = 0, spanOffset = 8, wordsOffset = 16, passAllOffset = 24;
   /// A key range up to this wide always gets a bitmap (4 MB, about what stays in cache); a wider
   /// one when the bitmap is smaller than the hash table's entries, which a probe would otherwise
   /// miss the cache on (TPC-H's orders from SF 6 on); others are not worth it: every row passes.
   static constexpr uint64_t maxCachedSpan = uint64_t(1) << 25;
   static constexpr uint64_t maxSpan = uint64_t(1) << 34;
   /// Keys tested per call from generated code.
   static constexpr unsigned blockKeys = 16;

   int64_t low = 0;
   uint64_t span = 0;  // keys low .. low + span - 1 have a bit; none when 0 (an empty build side)
   const uint64_t* words = &noKeys;  // generated code may read the first word whatever the span
   uint8_t passAll = 0;

   /// From the keys of `table`'s entries: 4 or 8 bytes (`wide`) at `keyOffset`.
   void build(const ChainedHashTable& table, size_t keyOffset, bool wide);

   private:
   static const uint64_t noKeys;
   std::vector<uint64_t> storage_;
};

}  // namespace kiln

extern "C" {
/// The 16 keys at `keys` (4 or 8 bytes each) that `bitmap` holds, as the bits of a mask.
int32_t kiln_key_bitmap_block32(const kiln::KeyBitmap* bitmap, const int32_t* keys);
int32_t kiln_key_bitmap_block64(const kiln::KeyBitmap* bitmap, const int64_t* keys);
}
