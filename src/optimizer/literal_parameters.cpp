#include "optimizer/literal_parameters.h"

#include <algorithm>

#include "algebra/operator_expressions.h"

namespace kiln {

std::vector<int> liftLiterals(QueryPlan& plan, LiteralSlots& slots) {
   std::vector<int> lifted;
   size_t own = plan.ius.parameterCount();
   std::function<void(ExprPtr&)> lift = [&](ExprPtr& e) {
      if (e->kind == ExprKind::Like && e->children[1]->kind == ExprKind::Constant && e->children[1]->literal >= 0) slots.pin(e->children[1]->literal);
      for (auto& child : e->children) lift(child);
      if (e->kind != ExprKind::Constant || e->literal < 0) return;
      int node = e->literal;
      e->literal = -1;
      if (slots.pinned(slots.nodes()[size_t(node)].literal)) return;
      auto at = std::find(lifted.begin(), lifted.end(), node);
      size_t number = own + size_t(at - lifted.begin()) + 1;
      if (at == lifted.end()) lifted.push_back(node);
      SqlType& type = plan.ius.parameter(number);
      type = e->type;
      auto parameter = std::make_unique<Expr>(ExprKind::Parameter, e->type);
      parameter->nullable = false;
      parameter->position = e->position;
      parameter->parameter = int(number);
      parameter->parameterType = &type;
      e = std::move(parameter);
   };
   forEachExpression(*plan.root, lift);
   return lifted;
}

}  // namespace kiln
