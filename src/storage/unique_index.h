// A unique index on one or more columns of a table (PRIMARY KEY, UNIQUE): a B+-tree over the
// keys' OrderedKey for ranges and key prefixes, and a hash table of (key, row) for point lookups
// (KeySlots). Integer keys of up to 16 bytes (most keys) are kept packed in their slot, so a
// lookup touches one slot and nothing else; other keys keep only their hash there, and a
// candidate row's key is compared in the table's columns.
// Integer keys, whose equal ordered keys are equal values, are checked for uniqueness in the
// tree, and get the hash table only once point lookups outnumber inserts: an insert into the
// hash table is a cache miss on a random slot, while keys that come mostly in order (numbers
// counting up per district, say) find their leaf in cache. Until then, point lookups go down
// the tree.
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

/// What made a unique index: CREATE UNIQUE INDEX, or a UNIQUE or PRIMARY KEY constraint (which
/// the index belongs to: it goes with ALTER TABLE ... DROP CONSTRAINT, not with DROP INDEX).
enum class UniqueKind : uint8_t { Index, Constraint, PrimaryKey };

class UniqueIndex {
   public:
   UniqueIndex(const Table& table, std::string name, std::vector<size_t> columns, UniqueKind kind);

   const std::string& name() const { return name_; }
   UniqueKind kind() const { return kind_; }
   /// Recovery of files written before the kinds were kept (Table::recognizeOlderKeys).
   void setKind(UniqueKind kind) { kind_ = kind; }
   bool isConstraint() const { return kind_ != UniqueKind::Index; }
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
   /// Starts loading what find(table, keyRow) reads first, so that the cache misses of several
   /// lookups overlap.
   void prefetch(const char* keyRow) const;
   /// The row whose key equals the values at `values` (one per index column, stored as the
   /// columns store them, none NULL); -1 if there is none.
   int64_t findValues(const Table& table, const void* const* values) const;
   /// The ordered keys.
   const BTree& tree() const { return ordered_; }

   private:
   /// `valueAt(i)`: where the i-th key value of a table row, or of a key row, is.
   template <typename ValueAt>
   void keyOf(ValueAt valueAt, KeySlots::Key& key) const;
   void keyOfKeyRow(const char* keyRow, KeySlots::Key& key) const;
   template <typename ValueAt>
   bool rowHasKey(const Table& table, size_t row, ValueAt valueAt) const;
   bool hasNullKey(const Table& table, size_t row) const;
   /// Adds `row` unless its key is taken; returns the row holding the key (`row` if added).
   int64_t add(const Table& table, size_t row);
   /// The row whose key values are at `valueAt(i)`, -1 if there is none.
   template <typename ValueAt>
   int64_t lookUp(const Table& table, ValueAt valueAt) const;
   /// Fills the hash table from the tree.
   void hashAll(const Table& table) const;

   std::string name_;
   std::vector<size_t> columns_;
   UniqueKind kind_;
   std::vector<PhysicalType> types_;
   std::vector<size_t> widths_, keyRowOffsets_;
   bool packed_ = true;  // the key's bytes fit a slot and equal bytes mean equal keys
   bool inlineOrderedKey_ = false;  // ordered keys are made in place (orderedKeyFitsInline)
   size_t packedBytes_ = 0;  // when the key row holds them one after the other, its first bytes are the key; else 0
   // The hash table is a cache the lookups fill (queries run on one thread: the writer's, or a
   // forked snapshot's). Without it, lookups earn credit and inserts spend it; it is made when
   // the credit would pay for making it.
   mutable bool hashed_;
   mutable int64_t lookupCredit_ = 0;
   mutable KeySlots slots_;  // keys packed into the two words, or the key's hash and 0
   BTree ordered_;
   mutable std::string orderedKey_;  // the ordered key being looked up, inserted or erased (its memory serves the next)
};

}  // namespace kiln
