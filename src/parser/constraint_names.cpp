#include "parser/constraint_names.h"

namespace kiln {

std::string objectName(std::string table, std::string column, const std::string& label) {
   constexpr size_t limit = 63;
   size_t overhead = label.size() + 1 + (column.empty() ? 0 : 1);
   while (table.size() + column.size() + overhead > limit) {
      if (table.size() > column.size()) table.pop_back();
      else column.pop_back();
   }
   return table + (column.empty() ? "" : "_" + column) + "_" + label;
}

std::set<std::string> constraintNames(const Catalog& catalog) {
   std::set<std::string> names;
   for (const Table* table : catalog.tables()) names.merge(constraintNamesOf(table));
   return names;
}

std::set<std::string> constraintNamesOf(const Table* table) {
   std::set<std::string> names;
   if (!table) return names;
   for (const CheckConstraint& check : table->checks()) names.insert(check.name);
   for (auto& index : table->uniqueIndexes()) names.insert(index->name());
   for (const ForeignKey& key : table->foreignKeys()) names.insert(key.name);
   return names;
}

}  // namespace kiln
