// A join condition taken apart: equality conjuncts between the two sides (hash keys) and the
// rest (checked for each candidate pair).
#pragma once

#include <vector>

#include "algebra/operator.h"

namespace kiln {

struct JoinCondition {
   std::vector<const Expr*> leftKeys;   // over the left (probe) side
   std::vector<const Expr*> rightKeys;  // over the right (build) side
   std::vector<const Expr*> residual;
};

inline JoinCondition splitJoinCondition(const Join& join) {
   JoinCondition result;
   if (!join.condition) return result;
   std::vector<const IU*> left = producedIUs(*join.children[0]), right = producedIUs(*join.children[1]);
   auto within = [](const Expr& e, const std::vector<const IU*>& side) {
      std::vector<const IU*> used;
      e.collectIUs(used);
      if (used.empty()) return false;
      for (const IU* iu : used) {
         bool found = false;
         for (const IU* s : side) found |= s == iu;
         if (!found) return false;
      }
      return true;
   };
   std::vector<const Expr*> conjuncts;
   std::vector<const Expr*> stack{join.condition.get()};
   while (!stack.empty()) {
      const Expr* e = stack.back();
      stack.pop_back();
      if (e->kind == ExprKind::And)
         for (auto it = e->children.rbegin(); it != e->children.rend(); ++it) stack.push_back(it->get());
      else conjuncts.push_back(e);
   }
   for (const Expr* c : conjuncts) {
      if (c->kind == ExprKind::Comparison && c->compareOp() == CompareOp::Eq) {
         const Expr& a = *c->children[0];
         const Expr& b = *c->children[1];
         if (within(a, left) && within(b, right)) {
            result.leftKeys.push_back(&a);
            result.rightKeys.push_back(&b);
            continue;
         }
         if (within(b, left) && within(a, right)) {
            result.leftKeys.push_back(&b);
            result.rightKeys.push_back(&a);
            continue;
         }
      }
      result.residual.push_back(c);
   }
   return result;
}

}  // namespace kiln
