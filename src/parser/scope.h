// The names visible to an expression: the columns of the FROM clause's tables.
#pragma once

#include <string>
#include <vector>

#include "algebra/iu.h"

namespace kiln {

struct ScopeColumn {
   std::string table;  // the table's name or alias
   std::string name;
   const IU* iu;
   bool qualifiedOnly = false;  // the right column of JOIN ... USING: unqualified, the left one is meant
};

class Scope {
   public:
   void add(std::string table, std::string name, const IU* iu) { columns_.push_back({std::move(table), std::move(name), iu}); }
   std::vector<ScopeColumn>& columns() { return columns_; }
   const std::vector<ScopeColumn>& columns() const { return columns_; }
   bool hasTable(const std::string& table) const;
   /// The enclosing query's scope, for correlated subqueries.
   void setOuter(const Scope* outer) { outer_ = outer; }
   const Scope* outer() const { return outer_; }
   /// Whether `iu` comes from an enclosing query's scope.
   bool isOuter(const IU* iu) const;
   /// Resolves [table.]name; throws 42703 (unknown), 42702 (ambiguous), 42P01 (unknown table).
   const IU* resolve(const std::string* table, const std::string& name, int position) const;

   private:
   const IU* resolveHere(const std::string* table, const std::string& name, int position) const;

   std::vector<ScopeColumn> columns_;
   const Scope* outer_ = nullptr;
};

}  // namespace kiln
