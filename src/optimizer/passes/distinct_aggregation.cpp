#include "optimizer/passes/distinct_aggregation.h"

namespace kiln {

namespace {

/// Whether f(DISTINCT x) equals f over a set of the distinct values of x, in any order.
bool overValueSet(AggregateFunction function) {
   switch (function) {
      case AggregateFunction::Count:
      case AggregateFunction::Sum:
      case AggregateFunction::Avg:
      case AggregateFunction::Min:
      case AggregateFunction::Max:
      case AggregateFunction::VarSamp:
      case AggregateFunction::VarPop:
      case AggregateFunction::StddevSamp:
      case AggregateFunction::StddevPop: return true;
      default: return false;
   }
}

/// The one argument every call reads, when the aggregation can be split; nullptr otherwise.
const Expr* sharedDistinctArgument(const Aggregate& aggregate) {
   const Expr* argument = nullptr;
   bool anyDistinct = false;
   for (const AggregateCall& call : aggregate.aggregates) {
      bool sameWithoutDistinct = call.function == AggregateFunction::Min || call.function == AggregateFunction::Max;
      if (!call.argument || call.delimiter || !overValueSet(call.function) || (!call.distinct && !sameWithoutDistinct)) return nullptr;
      if (call.argument->isVolatile() || (argument && !argument->equals(*call.argument))) return nullptr;
      argument = call.argument.get();
      anyDistinct = anyDistinct || call.distinct;
   }
   return anyDistinct ? argument : nullptr;
}

}  // namespace

std::unique_ptr<Operator> aggregateDistinctValuesFirst(std::unique_ptr<Operator> op, IUSet& ius) {
   for (auto& child : op->children) child = aggregateDistinctValuesFirst(std::move(child), ius);
   if (op->kind != OperatorKind::Aggregate) return op;
   auto& aggregate = static_cast<Aggregate&>(*op);
   const Expr* argument = sharedDistinctArgument(aggregate);
   if (!argument) return op;
   for (const Computation& key : aggregate.keys)
      if (key.expression->isVolatile()) return op;

   auto values = std::make_unique<Aggregate>();
   for (Computation& key : aggregate.keys) {
      const IU* inner = ius.make(key.output->type, key.output->nullable, key.output->name);
      values->keys.push_back({inner, std::move(key.expression)});
      key.expression = Expr::columnRef(inner);
   }
   const IU* value = ius.make(argument->type, argument->nullable, "distinct_value");
   values->keys.push_back({value, argument->clone()});
   for (AggregateCall& call : aggregate.aggregates) {
      call.argument = Expr::columnRef(value);
      call.distinct = false;
   }
   values->children.push_back(std::move(aggregate.children[0]));
   aggregate.children[0] = std::move(values);
   return op;
}

}  // namespace kiln
