#include "parser/aggregate_function_binder.h"

#include <algorithm>

#include "parser/expression_binder.h"

namespace kiln {

Error AggregateBinding::noSuchFunction() const {
   return Error("42883", "function " + name + "(" + aggregate.argument->type.toString() + ") does not exist", position);
}

Error WindowBinding::noSuchFunction() const { return ExpressionBinder::noSuchFunction(name, args, position); }

void WindowBinding::integerArgument(size_t i) const {
   SqlType t = args[i]->type;
   if (t.id != TypeId::Unknown && t.id != TypeId::SmallInt && t.id != TypeId::Integer && !(args[i]->kind == ExprKind::Constant && t.isInteger()))
      throw noSuchFunction();
   args[i] = ExpressionBinder::coerce(std::move(args[i]), SqlType::integer());
}

BindAggregate aggregateBinderOf(AggregateRule rule) {
   auto binders = aggregateFunctionBinders();
   auto found = std::find_if(binders.begin(), binders.end(), [&](const AggregateRuleBinder& b) { return b.rule == rule; });
   return found == binders.end() ? nullptr : found->bind;
}

BindWindow windowBinderOf(AggregateRule rule) {
   auto binders = windowFunctionBinders();
   auto found = std::find_if(binders.begin(), binders.end(), [&](const WindowRuleBinder& b) { return b.rule == rule; });
   return found == binders.end() ? nullptr : found->bind;
}

}  // namespace kiln
