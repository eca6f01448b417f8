#include "storage/unique_index.h"

#include <algorithm>
#include <cstring>

#include "common/german_string.h"
#include "common/row_layout.h"
#include "storage/index_key.h"
#include "storage/table.h"

namespace kiln {

bool UniqueIndex::covers(size_t column) const { return std::find(columns_.begin(), columns_.end(), column) != columns_.end(); }

std::optional<std::string> UniqueIndex::keyOf(const Table& table, size_t row) const {
   std::string key;
   for (size_t c : columns_) {
      const Column& column = table.column(c);
      if (column.isNullAt(row)) return std::nullopt;
      if (column.physicalType() == PhysicalType::String) {
         GermanString s;
         std::memcpy(&s, column.rawAt(row), sizeof(s));
         uint32_t length = s.length;
         key.append(reinterpret_cast<const char*>(&length), sizeof(length));
         key.append(s.view());
      } else {
         key.append(reinterpret_cast<const char*>(column.rawAt(row)), column.width());
      }
   }
   return key;
}

void UniqueIndex::insert(const Table& table, size_t row) {
   auto key = keyOf(table, row);
   if (!key) return;
   auto [it, inserted] = rows_.emplace(std::move(*key), row);
   if (inserted) ordered_.insert(orderedKeyOfRow(table, columns_, row), row);
   if (inserted || it->second == row) return;
   std::string names, values;
   for (size_t i = 0; i < columns_.size(); ++i) {
      names += (i ? ", " : "") + table.column(columns_[i]).name();
      values += (i ? ", " : "") + formatValue(table.column(columns_[i]).get(row));
   }
   throw Error("23505", "duplicate key value violates unique constraint \"" + name_ + "\"", 0, "Key (" + names + ")=(" + values + ") already exists.");
}

void UniqueIndex::insertQuietly(const Table& table, size_t row) {
   auto key = keyOf(table, row);
   if (key && rows_.emplace(std::move(*key), row).second) ordered_.insert(orderedKeyOfRow(table, columns_, row), row);
}

void UniqueIndex::erase(const Table& table, size_t row) {
   auto key = keyOf(table, row);
   if (!key) return;
   auto it = rows_.find(*key);
   if (it == rows_.end() || it->second != row) return;
   rows_.erase(it);
   ordered_.erase(orderedKeyOfRow(table, columns_, row), row);
}

std::string UniqueIndex::keyFromRow(const Table& table, const char* row) const {
   std::vector<std::pair<SqlType, bool>> fields;
   for (size_t c : columns_) fields.push_back({table.column(c).type(), false});
   RowLayout layout = RowLayout::make(fields);
   std::string key;
   for (size_t i = 0; i < columns_.size(); ++i) {
      const Column& column = table.column(columns_[i]);
      const char* value = row + layout.fields[i].offset;
      if (column.physicalType() == PhysicalType::String) {
         GermanString s;
         std::memcpy(&s, value, sizeof(s));
         uint32_t length = s.length;
         key.append(reinterpret_cast<const char*>(&length), sizeof(length));
         key.append(s.view());
      } else {
         key.append(value, column.width());
      }
   }
   return key;
}

std::optional<size_t> UniqueIndex::find(const std::string& key) const {
   auto it = rows_.find(key);
   if (it == rows_.end()) return std::nullopt;
   return it->second;
}

}  // namespace kiln
