// The type rules of the window functions (their entries: algebra/functions/window_functions.cpp),
// as PostgreSQL resolves them; their arguments are as many as the entry takes.
#include "parser/aggregate_function_binder.h"
#include "parser/expression_binder.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// An untyped literal is text.
void typeUnknownAsText(ExprPtr& e) {
   if (e->type.id == TypeId::Unknown) e = ExpressionBinder::coerce(std::move(e), SqlType::text());
}

/// row_number, rank and dense_rank count; percent_rank and cume_dist are fractions.
void ranking(const WindowBinding& call) {
   bool fraction = call.definition.window == WindowFunction::PercentRank || call.definition.window == WindowFunction::CumeDist;
   call.type = fraction ? SqlType::double_() : SqlType::bigInt();
   call.nullable = false;
}

void ntile(const WindowBinding& call) {
   call.integerArgument(0);
   call.type = SqlType::integer();
}

/// lag and lead (value [, offset [, default]]): the default converts to the value's type.
void lagLead(const WindowBinding& call) {
   auto& args = call.args;
   if (args.size() > 1) call.integerArgument(1);
   if (args.size() > 2) {
      auto common = types::common(args[0]->type, args[2]->type);
      if (!common) throw call.noSuchFunction();
      if (common->id == TypeId::Unknown) common = SqlType::text();
      args[0] = ExpressionBinder::coerce(std::move(args[0]), *common);
      args[2] = ExpressionBinder::coerce(std::move(args[2]), *common);
   }
   typeUnknownAsText(args[0]);
   call.type = args[0]->type;
}

void firstLastValue(const WindowBinding& call) {
   typeUnknownAsText(call.args[0]);
   call.type = call.args[0]->type;
}

void nthValue(const WindowBinding& call) {
   call.integerArgument(1);
   typeUnknownAsText(call.args[0]);
   call.type = call.args[0]->type;
}

const WindowRuleBinder binders[] = {
   {AggregateRule::Ranking, ranking},   {AggregateRule::Ntile, ntile}, {AggregateRule::LagLead, lagLead}, {AggregateRule::FirstLastValue, firstLastValue},
   {AggregateRule::NthValue, nthValue},
};

}  // namespace

std::span<const WindowRuleBinder> windowFunctionBinders() { return binders; }

}  // namespace kiln
