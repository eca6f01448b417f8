// Aggregate calls in expressions (ExpressionBinder's): which function, the argument's type
// rules by PostgreSQL's, DISTINCT, FILTER and ORDER BY inside the call.
#include <algorithm>
#include <iterator>

#include "common/packed_type.h"
#include "parser/select_binder.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// Variance and standard deviation; stddev and variance are the sample ones.
const std::pair<const char*, AggregateFunction> statisticalAggregates[] = {
   {"stddev", AggregateFunction::StddevSamp}, {"stddev_samp", AggregateFunction::StddevSamp}, {"stddev_pop", AggregateFunction::StddevPop},
   {"variance", AggregateFunction::VarSamp},  {"var_samp", AggregateFunction::VarSamp},       {"var_pop", AggregateFunction::VarPop}};

const AggregateFunction* statisticalAggregate(const std::string& name) {
   auto found = std::find_if(std::begin(statisticalAggregates), std::end(statisticalAggregates), [&](auto& a) { return name == a.first; });
   return found == std::end(statisticalAggregates) ? nullptr : &found->second;
}

}  // namespace

bool ExpressionBinder::isAggregate(const std::string& name) {
   static const char* aggregates[] = {"count",     "sum",    "avg",        "min",             "max",            "bool_and",
                                      "bool_or",   "every",  "string_agg", "percentile_cont", "percentile_disc", "mode",
                                      "array_agg"};
   return statisticalAggregate(name) ||
          std::find_if(std::begin(aggregates), std::end(aggregates), [&](const char* a) { return name == a; }) != std::end(aggregates);
}

AggregateCall ExpressionBinder::bindAggregateCall(const std::string& name, const PgQuery__FuncCall& call, SqlType& type, bool& nullable, bool inWindow) {
   int position = call.location + 1;
   AggregateCall aggregate;
   // Binds an expression of the call: plain aggregates may not nest in it, except over a window.
   auto bindInside = [&](const PgQuery__Node& node) {
      insideAggregate_ = !inWindow;
      ExprPtr e = bind(node);
      insideAggregate_ = false;
      return e;
   };
   bool orderedSet = name == "percentile_cont" || name == "percentile_disc" || name == "mode";
   if (orderedSet && !call.agg_within_group && call.n_args == (name == "mode" ? 1u : 2u))
      throw Error("42809", "WITHIN GROUP is required for ordered-set aggregate " + name, position);
   if (call.agg_within_group != orderedSet) {
      // As PostgreSQL: no such function (the WITHIN GROUP values count as arguments).
      std::string types;
      for (size_t i = 0; i < call.n_args; ++i) types += (types.empty() ? "" : ", ") + bindInside(*call.args[i])->type.toString();
      for (size_t i = 0; i < call.n_agg_order; ++i) types += (types.empty() ? "" : ", ") + bindInside(*call.agg_order[i]->sort_by->node)->type.toString();
      throw Error("42883", "function " + name + "(" + types + ") does not exist", position);
   }
   if (orderedSet) {
      bindOrderedSetAggregate(name, call, aggregate, type, inWindow, bindInside);
   } else if (call.agg_star) {
      if (name != "count") throw Error("42809", name + "(*) is not an aggregate function", position);
      aggregate.function = AggregateFunction::CountStar;
      type = SqlType::bigInt();
      nullable = false;
   } else if (name == "string_agg") {
      bindStringAgg(call, aggregate, bindInside);
      type = SqlType::text();
   } else if (name == "array_agg") {
      if (call.n_args != 1) throw Error("42883", "function array_agg must have exactly one argument", position);
      aggregate.argument = bindInside(*call.args[0]);
      if (aggregate.argument->type.id == TypeId::Unknown) throw Error("42725", "function array_agg(unknown) is not unique", position);
      if (aggregate.argument->type.isArray()) throw Error("0A000", "array_agg of arrays (several dimensions) is not supported yet", position);
      type = SqlType::array(aggregate.argument->type);
      aggregate.function = AggregateFunction::StringAgg;  // collectIntoArrayText below
   } else {
      if (call.n_args != 1) throw Error("42883", "function " + name + " must have exactly one argument", position);
      ExprPtr arg = bindInside(*call.args[0]);
      SqlType in = arg->type;
      auto noSuchFunction = [&]() -> Error { return Error("42883", "function " + name + "(" + in.toString() + ") does not exist", position); };
      if (name == "count") {
         aggregate.function = AggregateFunction::Count;
         type = SqlType::bigInt();
         nullable = false;
      } else if (name == "sum" || name == "avg") {
         if (in.id == TypeId::Unknown) throw noSuchFunction();
         if (!in.isNumeric() && in.id != TypeId::Interval) throw noSuchFunction();
         aggregate.function = name == "sum" ? AggregateFunction::Sum : AggregateFunction::Avg;
         if (in.id == TypeId::Interval)
            type = in;
         else if (in.isFloat())
            type = name == "sum" ? in : SqlType::double_();
         else if (name == "sum")
            type = in.id == TypeId::SmallInt || in.id == TypeId::Integer ? SqlType::bigInt() : in.id == TypeId::Numeric ? in : SqlType::decimal(38, in.scale);
         else
            type = types::average(in);
         // The argument is accumulated in the result's representation.
         if (type.id == TypeId::Decimal && aggregate.function == AggregateFunction::Sum && in.isInteger()) arg = coerce(std::move(arg), types::asDecimal(in));
      } else if (const AggregateFunction* statistic = statisticalAggregate(name)) {
         // Exact numbers in NUMERIC, as PostgreSQL computes them, the others in double precision.
         if (in.id == TypeId::Unknown || !in.isNumeric()) throw noSuchFunction();
         aggregate.function = *statistic;
         type = in.isFloat() ? SqlType::double_() : SqlType::numeric();
         if (type.id == TypeId::Numeric) arg = coerce(std::move(arg), type);
      } else if (name == "bool_and" || name == "every" || name == "bool_or") {
         // FALSE is less than TRUE: all are TRUE when the least is, some is when the greatest is.
         if (in.id == TypeId::Unknown) arg = coerce(std::move(arg), SqlType::boolean());
         if (arg->type.id != TypeId::Boolean) throw noSuchFunction();
         aggregate.function = name == "bool_or" ? AggregateFunction::Max : AggregateFunction::Min;
         type = arg->type;
      } else {
         if (in.id == TypeId::Unknown) arg = coerce(std::move(arg), SqlType::text());
         if (arg->type.id == TypeId::Boolean) throw noSuchFunction();
         aggregate.function = name == "min" ? AggregateFunction::Min : AggregateFunction::Max;
         type = arg->type;
      }
      aggregate.argument = std::move(arg);
   }
   // DISTINCT does not change MIN and MAX.
   aggregate.distinct = call.agg_distinct && aggregate.function != AggregateFunction::Min && aggregate.function != AggregateFunction::Max;
   if (call.n_agg_order > 0 && !orderedSet) bindAggregateOrder(call, aggregate, inWindow, bindInside);
   if (name == "array_agg") collectIntoArrayText(aggregate, position);
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
   text->constant = Value::ofInteger(SqlType::bigInt(), int64_t(packType(value->type)));
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

void ExpressionBinder::bindStringAgg(const PgQuery__FuncCall& call, AggregateCall& aggregate, const std::function<ExprPtr(const PgQuery__Node&)>& bindInside) {
   std::vector<ExprPtr> args;
   for (size_t i = 0; i < call.n_args; ++i) args.push_back(bindInside(*call.args[i]));
   std::string signature;
   for (auto& arg : args) signature += (signature.empty() ? "" : ", ") + arg->type.toString();
   // Text only (PostgreSQL's other string_agg is for bytea); literals are text.
   auto text = [](const ExprPtr& e) { return e->type.isString() || e->type.id == TypeId::Unknown; };
   if (args.size() != 2 || !text(args[0]) || !text(args[1]))
      throw Error("42883", "function string_agg(" + signature + ") does not exist", call.location + 1);
   aggregate.function = AggregateFunction::StringAgg;
   aggregate.argument = coerce(std::move(args[0]), SqlType::text());
   aggregate.delimiter = coerce(std::move(args[1]), SqlType::text());
}

void ExpressionBinder::bindOrderedSetAggregate(const std::string& name, const PgQuery__FuncCall& call, AggregateCall& aggregate, SqlType& type,
                                               bool inWindow, const std::function<ExprPtr(const PgQuery__Node&)>& bindInside) {
   int position = call.location + 1;
   if (inWindow) throw Error("0A000", "OVER is not supported for ordered-set aggregate " + name, position);
   std::vector<ExprPtr> direct, ordered;
   for (size_t i = 0; i < call.n_args; ++i) direct.push_back(bindInside(*call.args[i]));
   for (size_t i = 0; i < call.n_agg_order; ++i) ordered.push_back(bindInside(*call.agg_order[i]->sort_by->node));
   auto signature = [&] {
      std::string text;
      for (auto* list : {&direct, &ordered})
         for (auto& e : *list) text += (text.empty() ? "" : ", ") + e->type.toString();
      return text;
   };
   bool cont = name == "percentile_cont";
   auto numeric = [](const ExprPtr& e) { return e->type.id == TypeId::Unknown || e->type.isNumeric(); };
   bool fits = ordered.size() == 1 && direct.size() == (name == "mode" ? 0u : 1u) && std::all_of(direct.begin(), direct.end(), numeric) &&
               (!cont || numeric(ordered[0]));
   if (!fits) throw Error("42883", "function " + name + "(" + signature() + ") does not exist", position);
   if (!direct.empty()) {
      // The fraction is computed once per group, from no row of it.
      std::vector<const IU*> used;
      direct[0]->collectIUs(used);
      if (!used.empty()) throw Error("0A000", "the fraction of " + name + " must not depend on the rows", direct[0]->position);
      aggregate.delimiter = coerce(std::move(direct[0]), SqlType::double_());
   }
   ExprPtr value = std::move(ordered[0]);
   if (value->type.id == TypeId::Unknown) value = coerce(std::move(value), cont ? SqlType::double_() : SqlType::text());
   if (cont) value = coerce(std::move(value), SqlType::double_());
   aggregate.function = cont ? AggregateFunction::PercentileCont : name == "mode" ? AggregateFunction::Mode : AggregateFunction::PercentileDisc;
   aggregate.descending = sortDirection(*call.agg_order[0]->sort_by).descending;
   type = value->type;
   aggregate.argument = std::move(value);
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

ExprPtr ExpressionBinder::bindAggregate(const std::string& name, const PgQuery__FuncCall& call) {
   int position = call.location + 1;
   clause_.require(Aggregates, position);
   if (insideAggregate_) throw Error("42803", "aggregate function calls cannot be nested", position);
   SqlType type;
   bool nullable = true;
   AggregateCall aggregate = bindAggregateCall(name, call, type, nullable, false);
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
   bool array = name == "array_agg";
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
