// A unique index on one or more columns of a table (PRIMARY KEY, UNIQUE): a hash table of
// (key, row) for uniqueness and point lookups (KeySlots), and a B+-tree over the keys'
// OrderedKey for ranges and key prefixes. Integer keys of up to 16 bytes (most keys) are kept
// packed in their slot, so a lookup touches one slot and nothing else; other keys keep only
// their hash there, and a candidate row's key is compared in the table's columns.
// Keys with a NULL are not indexed (NULLs are distinct, as in PostgreSQL).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/physical_type.h"
#include "storage/btree.h"
#include "storage/key_slots.h"

namespace kiln {

class Table;

class UniqueIndex {
   public:
   UniqueIndex(const Table& table, std::string name, std::vector<size_t> columns);

   const std::string& name() const { return name_; }
   const std::vector<size_t>& columns() const { return columns_; }
   bool covers(size_t column) const;
   /// Renumbers its columns from `from` on by `delta` (a column dropped or put back before them).
   void shiftColumns(size_t from, int delta) {
      for (auto& c : columns_)
         if (c >= from) c = size_t(int64_t(c) + delta);
   }

   /// Indexes `row`; throws 23505 when its key is already taken.
   void insert(const Table& table, size_t row);
   /// Indexes `row` unless its key is taken (when undoing, intermediate states may collide).
   void insertQuietly(const Table& table, size_t row);
   /// Removes `row` (if it is indexed).
   void erase(const Table& table, size_t row);
   /// The row whose key equals the values in `keyRow`, laid out as a row of the index columns'
   /// types (RowLayout, no NULLs) as generated code passes them; -1 if there is none.
   int64_t find(const Table& table, const char* keyRow) const;
   /// The row whose key equals the values at `values` (one per index column, stored as the
   /// columns store them, none NULL); -1 if there is none.
   int64_t findValues(const Table& table, const void* const* values) const;
   /// The ordered keys.
   const BTree& tree() const { return ordered_; }

   private:
   /// `valueAt(i)`: where the i-th key value of a table row, or of a key row, is.
   template <typename ValueAt>
   void keyOf(ValueAt valueAt, KeySlots::Key& key) const;
   template <typename ValueAt>
   bool rowHasKey(const Table& table, size_t row, ValueAt valueAt) const;
   bool hasNullKey(const Table& table, size_t row) const;
   /// Adds `row` unless its key is taken; returns the row holding the key (`row` if added).
   int64_t add(const Table& table, size_t row);

   std::string name_;
   std::vector<size_t> columns_;
   std::vector<PhysicalType> types_;
   std::vector<size_t> widths_, keyRowOffsets_;
   bool packed_ = true;  // the key's bytes fit a slot and equal bytes mean equal keys
   KeySlots slots_;  // keys packed into the two words, or the key's hash and 0
   BTree ordered_;
   std::string orderedKey_;  // the ordered key being inserted or erased (its memory serves the next)
};

}  // namespace kiln
