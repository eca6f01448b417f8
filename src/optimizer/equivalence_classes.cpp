#include "optimizer/equivalence_classes.h"

namespace kiln {

std::optional<ColumnEquality> columnEquality(const Expr& e) {
   if (e.kind != ExprKind::Comparison || e.compareOp() != CompareOp::Eq) return std::nullopt;
   const Expr& a = *e.children[0];
   const Expr& b = *e.children[1];
   if (a.kind != ExprKind::ColumnRef || b.kind != ExprKind::ColumnRef || a.iu == b.iu) return std::nullopt;
   // Equal values of different types may compare otherwise after a cast: only one type.
   if (a.type.id != b.type.id || a.type.precision != b.type.precision || a.type.scale != b.type.scale || a.type.length != b.type.length) return std::nullopt;
   return ColumnEquality{a.iu, b.iu};
}

const IU* EquivalenceClasses::find(const IU* iu) const {
   auto it = parent_.find(iu);
   if (it == parent_.end()) return iu;
   if (it->second == iu) return iu;
   const IU* root = find(it->second);
   parent_[iu] = root;
   return root;
}

void EquivalenceClasses::merge(const IU* a, const IU* b) {
   parent_.try_emplace(a, a);
   parent_.try_emplace(b, b);
   const IU* ra = find(a);
   const IU* rb = find(b);
   if (ra != rb) parent_[ra] = rb;
}

int EquivalenceClasses::classOf(const IU* iu) const {
   if (!parent_.count(iu)) return -1;
   auto [it, added] = roots_.try_emplace(find(iu), int(roots_.size()));
   return it->second;
}

}  // namespace kiln
