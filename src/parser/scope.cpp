#include "parser/scope.h"

namespace kiln {

bool Scope::hasTable(const std::string& table) const {
   for (auto& c : columns_)
      if (c.table == table) return true;
   return false;
}

bool Scope::isOuter(const IU* iu) const {
   for (const Scope* s = outer_; s; s = s->outer_)
      for (auto& c : s->columns_)
         if (c.iu == iu) return true;
   return false;
}

const IU* Scope::resolve(const std::string* table, const std::string& name, int position) const {
   // The innermost query that knows the name wins, as in PostgreSQL.
   for (const Scope* s = this; s; s = s->outer_)
      if (const IU* iu = s->resolveHere(table, name, position)) return iu;
   if (!table) throw Error("42703", "column \"" + name + "\" does not exist", position);
   for (const Scope* s = this; s; s = s->outer_)
      if (s->hasTable(*table)) throw Error("42703", "column " + *table + "." + name + " does not exist", position);
   throw Error("42P01", "missing FROM-clause entry for table \"" + *table + "\"", position);
}

const IU* Scope::resolveHere(const std::string* table, const std::string& name, int position) const {
   if (table && !hasTable(*table)) return nullptr;
   const IU* found = nullptr;
   for (auto& c : columns_) {
      if (c.name != name || (table && c.table != *table) || (!table && c.qualifiedOnly)) continue;
      if (found) throw Error("42702", "column reference \"" + name + "\" is ambiguous", position);
      found = c.iu;
   }
   return found;
}

}  // namespace kiln
