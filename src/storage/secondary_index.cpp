#include "storage/secondary_index.h"

#include <algorithm>

#include "storage/ordered_key.h"
#include "storage/table.h"

namespace kiln {

bool SecondaryIndex::covers(size_t column) const { return std::find(columns_.begin(), columns_.end(), column) != columns_.end(); }

std::string SecondaryIndex::keyOf(const Table& table, size_t row, size_t count) const {
   OrderedKey key;
   for (size_t i = 0; i < count; ++i) {
      const Column& column = table.column(columns_[i]);
      if (column.isNullAt(row))
         key.appendNull();
      else
         key.append(column.physicalType(), column.rawAt(row));
   }
   return key.bytes();
}

void SecondaryIndex::insert(const Table& table, size_t row) {
   std::string key = keyOf(table, row, columns_.size());
   if (method_ == Method::BTree)
      tree_.insert(key, row);
   else
      hash_.emplace(std::move(key), row);
}

void SecondaryIndex::erase(const Table& table, size_t row) {
   std::string key = keyOf(table, row, columns_.size());
   if (method_ == Method::BTree) return tree_.erase(key, row);
   auto [begin, end] = hash_.equal_range(key);
   for (auto it = begin; it != end; ++it)
      if (it->second == row) {
         hash_.erase(it);
         return;
      }
}

void SecondaryIndex::findEqual(const std::string& key, const std::function<void(size_t)>& visit) const {
   if (method_ == Method::BTree) return tree_.scan(&key, true, &key, true, visit);
   auto [begin, end] = hash_.equal_range(key);
   for (auto it = begin; it != end; ++it) visit(it->second);
}

void SecondaryIndex::findRange(const std::string* low, bool lowInclusive, const std::string* high, bool highInclusive,
                               const std::function<void(size_t)>& visit) const {
   tree_.scan(low, lowInclusive, high, highInclusive, visit);
}

}  // namespace kiln
