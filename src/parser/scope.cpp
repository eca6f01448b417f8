#include "parser/scope.h"

namespace kiln {

bool Scope::hasTable(const std::string& table) const {
   for (auto& c : columns_)
      if (c.table == table) return true;
   return false;
}

const IU* Scope::resolve(const std::string* table, const std::string& name, int position) const {
   if (table && !hasTable(*table)) throw Error("42P01", "missing FROM-clause entry for table \"" + *table + "\"", position);
   const IU* found = nullptr;
   for (auto& c : columns_) {
      if (c.name != name || (table && c.table != *table) || (!table && c.qualifiedOnly)) continue;
      if (found) throw Error("42702", "column reference \"" + name + "\" is ambiguous", position);
      found = c.iu;
   }
   if (!found) {
      std::string full = table ? *table + "." + name : name;
      throw Error("42703", "column " + (table ? full : "\"" + name + "\"") + " does not exist", position);
   }
   return found;
}

}  // namespace kiln
