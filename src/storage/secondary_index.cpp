#include "storage/secondary_index.h"

#include <algorithm>

#include "storage/index_key.h"
#include "storage/table.h"

namespace kiln {

bool SecondaryIndex::covers(size_t column) const { return std::find(columns_.begin(), columns_.end(), column) != columns_.end(); }

void SecondaryIndex::insert(const Table& table, size_t row) {
   if (method_ == Method::BTree) return tree_.insert(nodeKeyOfRow(table, columns_, row, orderedKeyFitsInline(table, columns_), key_), row);
   orderedKeyOfRow(table, columns_, row, key_);
   hash_.emplace(key_, row);
}

void SecondaryIndex::erase(const Table& table, size_t row) {
   if (method_ == Method::BTree) return tree_.erase(nodeKeyOfRow(table, columns_, row, orderedKeyFitsInline(table, columns_), key_), row);
   orderedKeyOfRow(table, columns_, row, key_);
   auto [begin, end] = hash_.equal_range(key_);
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

}  // namespace kiln
