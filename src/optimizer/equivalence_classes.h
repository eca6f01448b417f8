// Equalities between columns form equivalence classes: a = b and b = c imply a = c. The join
// order may then join two relations that no predicate equates directly (TPC-H Q5 joins customer
// with its nation, which the query equates only through supplier).
#pragma once

#include <optional>
#include <unordered_map>
#include <vector>

#include "algebra/expression.h"

namespace kiln {

struct ColumnEquality {
   const IU* left;
   const IU* right;
};

/// The two columns of `e` when it is `column = column` of one type.
std::optional<ColumnEquality> columnEquality(const Expr& e);

class EquivalenceClasses {
   public:
   void merge(const IU* a, const IU* b);
   /// Whether the equalities merged so far imply a = b.
   bool same(const IU* a, const IU* b) const { return a == b || find(a) == find(b); }
   /// The class of a column that some equality mentions (a small number), or -1.
   int classOf(const IU* iu) const;
   size_t count() const { return roots_.size(); }

   private:
   const IU* find(const IU* iu) const;

   mutable std::unordered_map<const IU*, const IU*> parent_;
   mutable std::unordered_map<const IU*, int> roots_;  // root -> class number, numbered on demand
};

}  // namespace kiln
