// A unique index on one or more columns of a table (PRIMARY KEY, UNIQUE): a hash map from the
// key's bytes to the row holding it (uniqueness, point lookups) and a B+-tree over the keys'
// OrderedKey (ranges and key prefixes). Keys with a NULL are not indexed (NULLs are distinct, as
// in PostgreSQL).
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "storage/btree.h"

namespace kiln {

class Table;

class UniqueIndex {
   public:
   UniqueIndex(std::string name, std::vector<size_t> columns) : name_(std::move(name)), columns_(std::move(columns)) {}

   const std::string& name() const { return name_; }
   const std::vector<size_t>& columns() const { return columns_; }
   bool covers(size_t column) const;

   /// The key of `row`, or nullopt when a key column is NULL.
   std::optional<std::string> keyOf(const Table& table, size_t row) const;
   /// Indexes `row`; throws 23505 when its key is already taken.
   void insert(const Table& table, size_t row);
   /// Indexes `row` unless its key is taken (when undoing, intermediate states may collide).
   void insertQuietly(const Table& table, size_t row);
   /// Removes `row`'s key if it points at `row`.
   void erase(const Table& table, size_t row);
   /// The key built from values laid out in a row of the index columns' types (see RowLayout),
   /// as generated code passes them.
   std::string keyFromRow(const Table& table, const char* row) const;
   /// The row holding `key`, if any.
   std::optional<size_t> find(const std::string& key) const;
   /// The ordered keys.
   const BTree& tree() const { return ordered_; }

   private:
   std::string name_;
   std::vector<size_t> columns_;
   std::unordered_map<std::string, size_t> rows_;
   BTree ordered_;
};

}  // namespace kiln
