// The hash part of a unique index: an open-addressing table (linear probing) of entries
// (two-word key, row). It grows without a pause: rehashing all entries at once stalled one
// insert for 100+ ms at a few million entries (TPC-C's order lines). Instead, a new array comes
// zeroed from the kernel (zero is an empty slot, so its pages are faulted in as they are used),
// and each insert moves a few entries of the old array over; until the old array is empty,
// lookups search both.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/hash_mix.h"

namespace kiln {

class KeySlots {
   public:
   using Key = std::array<uint64_t, 2>;

   KeySlots();
   ~KeySlots();
   KeySlots(const KeySlots&) = delete;
   KeySlots& operator=(const KeySlots&) = delete;

   /// The row of the entry for `key`; -1 if there is none. `matches(row)` confirms a candidate
   /// whose key words are equal (when those are only a hash of the key).
   template <typename Matches>
   int64_t find(const Key& key, Matches matches) const {
      if (const Slot* slot = locate(current_, key, matches)) return slot->state - firstRow;
      if (const Slot* slot = locate(old_, key, matches)) return slot->state - firstRow;
      return -1;
   }
   /// Starts loading the slot where a search for `key` begins: its key and its state, which a
   /// 24-byte slot may have on two cache lines.
   void prefetch(const Key& key) const {
      const Slot* slot = current_.slots + (hashOf(key) & (current_.capacity - 1));
      __builtin_prefetch(slot);
      __builtin_prefetch(&slot->state);
   }
   /// Adds an entry (`key`, `row`) unless there is one for `key`; returns the row of the entry
   /// for `key` (`row` if added).
   template <typename Matches>
   int64_t insert(const Key& key, int64_t row, Matches matches) {
      if (int64_t holder = find(key, matches); holder >= 0) return holder;
      add(key, row);
      return row;
   }
   /// Adds an entry (`key`, `row`) known to be the only one for `key`.
   void add(const Key& key, int64_t row) {
      if (old_.slots) migrateSome();
      if ((current_.used + 1) * 2 > current_.capacity) startGrowth();
      Slot* slot = current_.slots + (hashOf(key) & (current_.capacity - 1));
      while (slot->state >= firstRow) slot = next(current_, slot);
      current_.used += slot->state == empty;
      *slot = {key, uint64_t(row) + firstRow};
      ++current_.live;
   }
   /// Removes the entry of `row` for `key`; false if there is none.
   bool erase(const Key& key, int64_t row);
   size_t size() const { return current_.live + old_.live; }
   /// True while entries remain to be moved from the old array.
   bool growing() const { return old_.slots != nullptr; }
   /// Moves the next few entries of the old array; frees it once it is empty. Lookups call it
   /// too: without inserts (a table that stopped growing) the old array would stay, and every
   /// lookup of a key in it would miss the cache twice, once in each array.
   void migrateSome();
   /// Moves all entries of the old array (after many inserts at once).
   void finishGrowth() {
      while (old_.slots) migrateSome();
   }

   private:
   struct Slot {
      Key key;
      uint64_t state;  // empty, erased, or firstRow + the row
   };
   static constexpr uint64_t empty = 0, erased = 1, firstRow = 2;
   struct Array {
      Slot* slots = nullptr;
      size_t capacity = 0;      // a power of two
      size_t used = 0, live = 0;  // used: live and erased slots
   };

   static uint64_t hashOf(const Key& key) { return mixBits(key[0] ^ mixBits(key[1])); }
   static Slot* next(const Array& array, Slot* slot) { return slot + 1 == array.slots + array.capacity ? array.slots : slot + 1; }
   template <typename Matches>
   static const Slot* locate(const Array& array, const Key& key, Matches& matches) {
      if (!array.slots) return nullptr;
      for (Slot* slot = array.slots + (hashOf(key) & (array.capacity - 1)); slot->state != empty; slot = next(array, slot))
         if (slot->state >= firstRow && slot->key[0] == key[0] && slot->key[1] == key[1] && matches(int64_t(slot->state - firstRow))) return slot;
      return nullptr;
   }
   static Array allocate(size_t capacity);
   static void release(Array& array);
   void startGrowth();

   Array current_, old_;
   size_t migrated_ = 0;  // old slots before this one are moved
};

}  // namespace kiln
