// Aggregate calls in expressions (ExpressionBinder's): the form of the call its registry entry
// takes (algebra/aggregate_function.h), its type rule (parser/functions/aggregate_functions.cpp),
// then DISTINCT, FILTER and ORDER BY inside the call.
#include <algorithm>

#include "common/packed_type.h"
#include "parser/aggregate_function_binder.h"
#include "parser/select_binder.h"

namespace kiln {

AggregateCall ExpressionBinder::bindAggregateCall(const AggregateDefinition& definition, const std::string& name, const PgQuery__FuncCall& call, SqlType& type,
                                                  bool& nullable, bool inWindow) {
   int position = call.location + 1;
   AggregateCall aggregate;
   aggregate.function = definition.aggregate;
   // Binds an expression of the call: plain aggregates may not nest in it, except over a window.
   std::function<ExprPtr(const PgQuery__Node&)> bindInside = [&](const PgQuery__Node& node) {
      insideAggregate_ = !inWindow;
      ExprPtr e = bind(node);
      insideAggregate_ = false;
      return e;
   };
   bool orderedSet = definition.form == CallForm::OrderedSet;
   if (orderedSet && !call.agg_within_group && call.n_args == definition.maxArguments + 1u)
      throw Error("42809", "WITHIN GROUP is required for ordered-set aggregate " + name, position);
   if (call.agg_within_group != orderedSet) {
      // As PostgreSQL: no such function (the WITHIN GROUP values count as arguments).
      std::string types;
      for (size_t i = 0; i < call.n_args; ++i) types += (types.empty() ? "" : ", ") + bindInside(*call.args[i])->type.toString();
      for (size_t i = 0; i < call.n_agg_order; ++i) types += (types.empty() ? "" : ", ") + bindInside(*call.agg_order[i]->sort_by->node)->type.toString();
      throw Error("42883", "function " + name + "(" + types + ") does not exist", position);
   }
   if (orderedSet && inWindow) throw Error("0A000", "OVER is not supported for ordered-set aggregate " + name, position);
   if (call.agg_star) {
      if (!definition.star) throw Error("42809", name + "(*) is not an aggregate function", position);
      aggregate.function = AggregateFunction::CountStar;
      type = SqlType::bigInt();
      nullable = false;
   } else {
      if (!orderedSet && definition.maxArguments == 1) {
         if (call.n_args != 1) throw Error("42883", "function " + name + " must have exactly one argument", position);
         aggregate.argument = bindInside(*call.args[0]);
      }
      aggregateBinderOf(definition.rule)({definition, name, call, bindInside, aggregate, type, nullable, position});
   }
   // DISTINCT does not change MIN and MAX.
   aggregate.distinct = call.agg_distinct && aggregate.function != AggregateFunction::Min && aggregate.function != AggregateFunction::Max;
   if (call.n_agg_order > 0 && !orderedSet) bindAggregateOrder(call, aggregate, inWindow, bindInside);
   if (collectsArray(definition)) collectIntoArrayText(aggregate, position);
   if (call.agg_filter) {
      // agg(x) FILTER (WHERE c) is agg(CASE WHEN c THEN x END): the aggregates skip NULLs;
      // count(*) counts CASE WHEN c THEN 1 END.
      ExprPtr condition = bindInside(*call.agg_filter);
      if (condition->type.id == TypeId::Unknown) condition = coerce(std::move(condition), SqlType::boolean());
      if (condition->type.id != TypeId::Boolean)
         throw Error("42804", "argument of FILTER must be type boolean, not type " + condition->type.toString(), condition->position);
      if (aggregate.function == AggregateFunction::CountStar) {
         aggregate.function = AggregateFunction::Count;
         aggregate.argument = Expr::constantOf(Value::ofInteger(SqlType::integer(), 1));
      }
      auto filtered = std::make_unique<Expr>(ExprKind::Case, aggregate.argument->type);
      filtered->nullable = true;
      filtered->position = position;
      filtered->children.push_back(std::move(condition));
      filtered->children.push_back(std::move(aggregate.argument));
      aggregate.argument = std::move(filtered);
   }
   return aggregate;
}

void ExpressionBinder::collectIntoArrayText(AggregateCall& aggregate, int position) {
   // array_agg(x) is '{' || string_agg(x's element text or NULL, ',') || '}' (bindAggregate adds
   // the braces): NULLs are elements, and ORDER BY, DISTINCT and FILTER work as for string_agg.
   ExprPtr value = std::move(aggregate.argument);
   // DISTINCT values come out sorted, as PostgreSQL's (it sorts them to find duplicates).
   if (aggregate.distinct && aggregate.order.empty()) aggregate.order.push_back({value->clone(), false, false});
   std::vector<ExprPtr> args;
   args.push_back(cast(value->clone(), SqlType::text(), position));
   ExprPtr text = makeFunction(FunctionId::ArrayElementText, SqlType::text(), std::move(args), position);
   text->setConstant(Value::ofInteger(SqlType::bigInt(), int64_t(packType(value->type))));
   auto isNull = std::make_unique<Expr>(ExprKind::IsNull, SqlType::boolean());
   isNull->children.push_back(std::move(value));
   auto element = std::make_unique<Expr>(ExprKind::Case, SqlType::text());
   element->nullable = false;
   element->hasElse = true;
   element->position = position;
   element->children.push_back(std::move(isNull));
   element->children.push_back(Expr::constantOf(Value::ofString(SqlType::text(), "NULL")));
   element->children.push_back(std::move(text));
   aggregate.function = AggregateFunction::StringAgg;
   aggregate.argument = std::move(element);
   aggregate.delimiter = Expr::constantOf(Value::ofString(SqlType::text(), ","));
}

void ExpressionBinder::bindAggregateOrder(const PgQuery__FuncCall& call, AggregateCall& aggregate, bool inWindow,
                                          const std::function<ExprPtr(const PgQuery__Node&)>& bindInside) {
   int position = call.location + 1;
   if (inWindow) throw Error("0A000", "aggregate ORDER BY is not implemented for window functions", position);
   for (size_t i = 0; i < call.n_agg_order; ++i) {
      const PgQuery__SortBy& sortBy = *call.agg_order[i]->sort_by;
      SortDirection direction = sortDirection(sortBy);
      ExprPtr e = bindInside(*sortBy.node);
      if (e->type.id == TypeId::Unknown) e = coerce(std::move(e), SqlType::text());
      // An argument may have been converted (varchar to text): compare with the same conversion.
      auto isArgument = [&](const ExprPtr& argument) { return argument && coerce(e->clone(), argument->type)->equals(*argument); };
      if (aggregate.distinct && !isArgument(aggregate.argument) && !isArgument(aggregate.delimiter))
         throw Error("42P10", "in an aggregate with DISTINCT, ORDER BY expressions must appear in argument list", e->position);
      aggregate.order.push_back({std::move(e), direction.descending, direction.nullsFirst});
   }
   // Only string_agg's value depends on the order of its input.
   if (aggregate.function != AggregateFunction::StringAgg) aggregate.order.clear();
}

ExprPtr ExpressionBinder::bindAggregate(const AggregateDefinition& definition, const std::string& name, const PgQuery__FuncCall& call) {
   int position = call.location + 1;
   clause_.require(Aggregates, position);
   if (insideAggregate_) throw Error("42803", "aggregate function calls cannot be nested", position);
   SqlType type;
   bool nullable = true;
   AggregateCall aggregate = bindAggregateCall(definition, name, call, type, nullable, false);
   // In PostgreSQL an aggregate of outer columns alone belongs to the outer query (it aggregates
   // the outer rows): kiln does not move it there, and says so rather than fail inside.
   std::vector<const IU*> read;
   if (aggregate.argument) aggregate.argument->collectIUs(read);
   if (aggregate.delimiter) aggregate.delimiter->collectIUs(read);
   if (!read.empty() && std::all_of(read.begin(), read.end(), [&](const IU* iu) { return scope_.isOuter(iu); }))
      throw Error("0A000", "aggregate functions of outer query columns only are not supported", position);
   // The same call twice (sum(x) in SELECT and HAVING) is computed once.
   auto same = [](const ExprPtr& a, const ExprPtr& b) { return a ? b && a->equals(*b) : !b; };
   const IU* output = nullptr;
   for (auto& existing : calls_->aggregates) {
      if (existing.function != aggregate.function || existing.distinct != aggregate.distinct || existing.descending != aggregate.descending) continue;
      if (!same(existing.argument, aggregate.argument) || !same(existing.delimiter, aggregate.delimiter)) continue;
      if (existing.order != aggregate.order) continue;
      output = existing.output;
      break;
   }
   bool array = collectsArray(definition);
   if (!output) {
      aggregate.output = output = ius_.make(array ? SqlType::text() : type, nullable, name);
      calls_->aggregates.push_back(std::move(aggregate));
   }
   return array ? arrayOfElementTexts(output, type, position) : Expr::columnRef(output);
}

ExprPtr ExpressionBinder::arrayOfElementTexts(const IU* texts, SqlType type, int position) {
   // The elements' text in braces, read as the array (NULL without rows).
   ExprPtr braced = bindOperator("||", bindOperator("||", Expr::constantOf(Value::ofString(SqlType::text(), "{")), Expr::columnRef(texts), position),
                                 Expr::constantOf(Value::ofString(SqlType::text(), "}")), position);
   return cast(std::move(braced), type, position);
}

}  // namespace kiln
