// A unique index on one or more columns of a table (PRIMARY KEY, UNIQUE): an open-addressing hash
// table of (key hash, row) for uniqueness and point lookups, and a B+-tree over the keys'
// OrderedKey for ranges and key prefixes. Integer keys of up to 16 bytes (most keys) are kept
// packed in their slot, so a lookup touches one slot and nothing else; other keys keep only
// their hash there, and a candidate row's key is compared in the table's columns.
// Keys with a NULL are not indexed (NULLs are distinct, as in PostgreSQL).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/hash_mix.h"
#include "common/physical_type.h"
#include "storage/btree.h"

namespace kiln {

class Table;

class UniqueIndex {
   public:
   UniqueIndex(const Table& table, std::string name, std::vector<size_t> columns);

   const std::string& name() const { return name_; }
   const std::vector<size_t>& columns() const { return columns_; }
   bool covers(size_t column) const;

   /// Indexes `row`; throws 23505 when its key is already taken.
   void insert(const Table& table, size_t row);
   /// Indexes `row` unless its key is taken (when undoing, intermediate states may collide).
   void insertQuietly(const Table& table, size_t row);
   /// Removes `row` (if it is indexed).
   void erase(const Table& table, size_t row);
   /// The row whose key equals the values in `keyRow`, laid out as a row of the index columns'
   /// types (RowLayout, no NULLs) as generated code passes them; -1 if there is none.
   int64_t find(const Table& table, const char* keyRow) const;
   /// The ordered keys.
   const BTree& tree() const { return ordered_; }

   private:
   struct Slot {
      uint64_t key[2];  // the packed key, or the key's hash and 0
      int64_t row;      // empty or erased when negative
   };
   static constexpr int64_t empty = -1, erased = -2;

   /// `valueAt(i)`: where the i-th key value of a table row, or of a key row, is.
   template <typename ValueAt>
   void keyOf(ValueAt valueAt, uint64_t (&key)[2]) const;
   uint64_t hashOf(const uint64_t (&key)[2]) const { return packed_ ? mixBits(key[0] ^ mixBits(key[1])) : key[0]; }
   template <typename ValueAt>
   bool rowHasKey(const Table& table, size_t row, ValueAt valueAt) const;
   /// Where the key given by `valueAt` is: its slot and true; or the slot an entry for it goes
   /// to (the first erased one on the way, else the empty one that ended the search) and false.
   template <typename ValueAt>
   std::pair<size_t, bool> probe(const Table& table, const uint64_t (&key)[2], ValueAt valueAt) const;
   bool hasNullKey(const Table& table, size_t row) const;
   /// Adds `row` unless its key is taken; returns the row holding the key (`row` if added).
   int64_t add(const Table& table, size_t row);
   void grow();

   std::string name_;
   std::vector<size_t> columns_;
   std::vector<PhysicalType> types_;
   std::vector<size_t> widths_, keyRowOffsets_;
   bool packed_ = true;  // the key's bytes fit a slot and equal bytes mean equal keys
   // Plain pages, not huge ones: growing a large index faults its new array in at once, and
   // huge pages made that four times slower (a 0.5 s stall at 8M slots) for no measurable gain.
   std::vector<Slot> slots_;
   size_t live_ = 0, used_ = 0;  // used_: live and erased slots
   BTree ordered_;
};

}  // namespace kiln
