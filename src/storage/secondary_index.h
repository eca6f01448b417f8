// CREATE INDEX: a non-unique index, ordered (B+-tree, the default) or hash. Its key is the
// OrderedKey of the index columns (NULLs included, so IS NULL could use it too).
#pragma once

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "storage/btree.h"

namespace kiln {

class Table;

class SecondaryIndex {
   public:
   enum class Method : uint8_t { BTree, Hash };
   SecondaryIndex(std::string name, std::vector<size_t> columns, Method method) : name_(std::move(name)), columns_(std::move(columns)), method_(method) {}

   const std::string& name() const { return name_; }
   const std::vector<size_t>& columns() const { return columns_; }
   /// Renumbers its columns from `from` on by `delta` (a column dropped or put back before them).
   void shiftColumns(size_t from, int delta) {
      for (auto& c : columns_)
         if (c >= from) c = size_t(int64_t(c) + delta);
   }
   Method method() const { return method_; }
   bool covers(size_t column) const;

   void insert(const Table& table, size_t row);
   void erase(const Table& table, size_t row);
   /// Rows whose key equals `key` (all columns), in no particular order.
   void findEqual(const std::string& key, const std::function<void(size_t)>& visit) const;
   /// The ordered keys (a B+-tree index), or nullptr (a hash index).
   const BTree* tree() const { return method_ == Method::BTree ? &tree_ : nullptr; }

   private:
   std::string name_;
   std::vector<size_t> columns_;
   Method method_;
   BTree tree_;
   std::unordered_multimap<std::string, size_t> hash_;
   std::string key_;  // the key being inserted or erased (its memory serves the next)
};

}  // namespace kiln
