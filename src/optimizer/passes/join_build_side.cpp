#include "optimizer/passes/join_build_side.h"

#include "optimizer/conjuncts.h"
#include "optimizer/iu_sets.h"

namespace kiln {

namespace {

/// Whether a join condition has an equality between its two sides (a hash key).
bool hasKey(const Join& join) {
   if (!join.condition) return false;
   std::vector<const IU*> left = producedIUs(*join.children[0]), right = producedIUs(*join.children[1]);
   for (const Expr* equality : equalityConjuncts(*join.condition)) {
      const Expr& e = *equality;
      std::vector<const IU*> a, b;
      e.children[0]->collectIUs(a);
      e.children[1]->collectIUs(b);
      if (a.empty() || b.empty()) continue;
      if ((coveredBy(a, left) && coveredBy(b, right)) || (coveredBy(a, right) && coveredBy(b, left))) return true;
   }
   return false;
}

}  // namespace

void chooseJoinBuildSides(Operator& op, const CardinalityEstimator& estimates) {
   for (auto& child : op.children) chooseJoinBuildSides(*child, estimates);
   if (op.kind != OperatorKind::Join) return;
   auto& join = static_cast<Join&>(op);
   bool kindAllows = join.joinKind == JoinKind::LeftOuter || join.joinKind == JoinKind::Semi || join.joinKind == JoinKind::Anti;
   join.buildLeft = kindAllows && hasKey(join) && estimates.rows(*join.children[0]) < estimates.rows(*join.children[1]);
}

}  // namespace kiln
