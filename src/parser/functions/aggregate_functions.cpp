// The type rules of the aggregate functions (their entries: algebra/functions/aggregate_functions.cpp),
// as PostgreSQL resolves them.
#include <algorithm>

#include "parser/aggregate_function_binder.h"
#include "parser/expression_binder.h"
#include "parser/select_binder.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

ExprPtr coerce(ExprPtr e, SqlType target) { return ExpressionBinder::coerce(std::move(e), target); }

void count(const AggregateBinding& call) {
   call.type = SqlType::bigInt();
   call.nullable = false;
}

/// Integers sum to bigint or a decimal, exact numbers to themselves, floats and intervals too;
/// avg is as types::average says.
void sumOrAvg(const AggregateBinding& call) {
   ExprPtr& arg = call.aggregate.argument;
   SqlType in = arg->type;
   if (in.id == TypeId::Unknown || (!in.isNumeric() && in.id != TypeId::Interval)) throw call.noSuchFunction();
   bool sum = call.aggregate.function == AggregateFunction::Sum;
   if (in.id == TypeId::Interval) call.type = in;
   else if (in.isFloat()) call.type = sum ? in : SqlType::double_();
   else if (sum)
      call.type = in.id == TypeId::SmallInt || in.id == TypeId::Integer ? SqlType::bigInt() : in.id == TypeId::Numeric ? in : SqlType::decimal(38, in.scale);
   else call.type = types::average(in);
   // The argument is accumulated in the result's representation.
   if (call.type.id == TypeId::Decimal && sum && in.isInteger()) arg = coerce(std::move(arg), types::asDecimal(in));
}

/// Exact numbers in NUMERIC, as PostgreSQL computes them, the others in double precision.
void statistic(const AggregateBinding& call) {
   ExprPtr& arg = call.aggregate.argument;
   if (arg->type.id == TypeId::Unknown || !arg->type.isNumeric()) throw call.noSuchFunction();
   call.type = arg->type.isFloat() ? SqlType::double_() : SqlType::numeric();
   if (call.type.id == TypeId::Numeric) arg = coerce(std::move(arg), call.type);
}

void boolean(const AggregateBinding& call) {
   ExprPtr& arg = call.aggregate.argument;
   if (arg->type.id == TypeId::Unknown) arg = coerce(std::move(arg), SqlType::boolean());
   if (arg->type.id != TypeId::Boolean) throw call.noSuchFunction();
   call.type = arg->type;
}

void minMax(const AggregateBinding& call) {
   ExprPtr& arg = call.aggregate.argument;
   if (arg->type.id == TypeId::Unknown) arg = coerce(std::move(arg), SqlType::text());
   if (arg->type.id == TypeId::Boolean) throw call.noSuchFunction();
   call.type = arg->type;
}

/// string_agg(value, delimiter): text only (PostgreSQL's other string_agg is for bytea);
/// literals are text.
void stringAgg(const AggregateBinding& call) {
   std::vector<ExprPtr> args;
   for (size_t i = 0; i < call.call.n_args; ++i) args.push_back(call.bindInside(*call.call.args[i]));
   auto text = [](const ExprPtr& e) { return e->type.isString() || e->type.id == TypeId::Unknown; };
   if (args.size() != 2 || !text(args[0]) || !text(args[1])) throw ExpressionBinder::noSuchFunction(call.name, args, call.position);
   call.aggregate.argument = coerce(std::move(args[0]), SqlType::text());
   call.aggregate.delimiter = coerce(std::move(args[1]), SqlType::text());
   call.type = SqlType::text();
}

/// The values' texts are collected by string_agg (ExpressionBinder::collectIntoArrayText).
void arrayAgg(const AggregateBinding& call) {
   const ExprPtr& arg = call.aggregate.argument;
   if (arg->type.id == TypeId::Unknown) throw Error("42725", "function array_agg(unknown) is not unique", call.position);
   if (arg->type.isArray()) throw Error("0A000", "array_agg of arrays (several dimensions) is not supported yet", call.position);
   call.type = SqlType::array(arg->type);
}

/// percentile_cont, percentile_disc and mode: the fraction (a direct argument) and the
/// WITHIN GROUP value; percentile_cont interpolates in double precision.
void percentile(const AggregateBinding& call) {
   std::vector<ExprPtr> args;  // the direct ones, then the ordered one
   for (size_t i = 0; i < call.call.n_args; ++i) args.push_back(call.bindInside(*call.call.args[i]));
   for (size_t i = 0; i < call.call.n_agg_order; ++i) args.push_back(call.bindInside(*call.call.agg_order[i]->sort_by->node));
   bool cont = call.aggregate.function == AggregateFunction::PercentileCont;
   auto numeric = [](const ExprPtr& e) { return e->type.id == TypeId::Unknown || e->type.isNumeric(); };
   bool fits = call.call.n_agg_order == 1 && call.call.n_args == call.definition.maxArguments && std::all_of(args.begin(), args.end() - 1, numeric) &&
               (!cont || numeric(args.back()));
   if (!fits) throw ExpressionBinder::noSuchFunction(call.name, args, call.position);
   if (args.size() > 1) {
      // The fraction is computed once per group, from no row of it.
      std::vector<const IU*> used;
      args[0]->collectIUs(used);
      if (!used.empty()) throw Error("0A000", "the fraction of " + call.name + " must not depend on the rows", args[0]->position);
      call.aggregate.delimiter = coerce(std::move(args[0]), SqlType::double_());
   }
   ExprPtr value = std::move(args.back());
   if (value->type.id == TypeId::Unknown) value = coerce(std::move(value), cont ? SqlType::double_() : SqlType::text());
   if (cont) value = coerce(std::move(value), SqlType::double_());
   call.aggregate.descending = sortDirection(*call.call.agg_order[0]->sort_by).descending;
   call.type = value->type;
   call.aggregate.argument = std::move(value);
}

const AggregateRuleBinder binders[] = {
   {AggregateRule::Count, count},   {AggregateRule::SumOrAvg, sumOrAvg},   {AggregateRule::Statistic, statistic}, {AggregateRule::Boolean, boolean},
   {AggregateRule::MinMax, minMax}, {AggregateRule::StringAgg, stringAgg}, {AggregateRule::ArrayAgg, arrayAgg},   {AggregateRule::Percentile, percentile},
};

}  // namespace

std::span<const AggregateRuleBinder> aggregateFunctionBinders() { return binders; }

}  // namespace kiln
