#include "optimizer/conjuncts.h"

namespace kiln {

void splitConjuncts(ExprPtr e, std::vector<ExprPtr>& out) {
   if (e->kind != ExprKind::And) return out.push_back(std::move(e));
   for (auto& c : e->children) splitConjuncts(std::move(c), out);
}

std::vector<const Expr*> equalityConjuncts(const Expr& condition) {
   std::vector<const Expr*> conjuncts{&condition}, equalities;
   for (size_t i = 0; i < conjuncts.size(); ++i) {
      const Expr& e = *conjuncts[i];
      if (e.kind == ExprKind::And)
         for (auto& c : e.children) conjuncts.push_back(c.get());
      else if (e.kind == ExprKind::Comparison && e.compareOp() == CompareOp::Eq) equalities.push_back(&e);
   }
   return equalities;
}

ExprPtr takeConjuncts(std::vector<ExprPtr>& conjuncts, const std::vector<size_t>& positions) {
   std::vector<ExprPtr> taken, rest;
   for (size_t p : positions) taken.push_back(std::move(conjuncts[p]));
   for (auto& c : conjuncts)
      if (c) rest.push_back(std::move(c));
   conjuncts = std::move(rest);
   return Expr::conjunction(std::move(taken));
}

std::unique_ptr<Operator> withFilter(std::unique_ptr<Operator> op, std::vector<ExprPtr> predicates) {
   if (predicates.empty()) return op;
   auto filter = std::make_unique<Filter>();
   filter->condition = Expr::conjunction(std::move(predicates));
   filter->children.push_back(std::move(op));
   return filter;
}

}  // namespace kiln
