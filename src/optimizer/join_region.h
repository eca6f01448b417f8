// A region of inner joins taken apart: its relations and the predicates over them, from which
// the join orderings build a tree (passes/join_order.cpp).
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "algebra/operator.h"

namespace kiln {

/// A relation of an inner-join region: an input the region's joins combine.
struct Relation {
   std::unique_ptr<Operator> op;
   std::vector<const IU*> ius;
   double rows = 1;
};

struct Predicate {
   ExprPtr expr;
   std::vector<const IU*> ius;
   bool applied = false;
   int equivalenceClass = -1;  // a column equality of this class (see EquivalenceClasses)
   bool implied = false;       // added because of the class, not written in the query
   /// The selectivity of the restrictions taken from this OR (restrictionOf), counted already
   /// where they filter their relations.
   double restricted = 1;
   /// The selectivity as a join condition: what the restrictions have not filtered out yet.
   double joinShare(double selectivity) const { return std::min(1.0, selectivity / restricted); }
};

}  // namespace kiln
