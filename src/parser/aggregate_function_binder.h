// The binder's half of the aggregate and window registry (algebra/aggregate_function.h): one
// type rule per AggregateRule, which checks and converts the call's arguments and gives the
// result's type, as function_binder.h has one per scalar FunctionId.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "algebra/aggregate_function.h"

namespace kiln {

/// One aggregate call being bound. `aggregate.function` is the entry's; the argument of an
/// entry taking exactly one is bound already, in `aggregate.argument`.
struct AggregateBinding {
   const AggregateDefinition& definition;
   const std::string& name;  // as called: one of the entry's names
   const PgQuery__FuncCall& call;
   /// Binds an expression of the call (plain aggregates may not nest in it).
   const std::function<ExprPtr(const PgQuery__Node&)>& bindInside;
   AggregateCall& aggregate;
   SqlType& type;  // the result's
   bool& nullable;
   int position;

   /// 42883: no such function for the argument's type.
   Error noSuchFunction() const;
};

/// One window function call being bound, its arguments as many as the entry takes.
struct WindowBinding {
   const AggregateDefinition& definition;
   const std::string& name;
   std::vector<ExprPtr>& args;
   SqlType& type;
   bool& nullable;
   int position;

   /// 42883: no such function for the arguments' types.
   Error noSuchFunction() const;
   /// Converts argument `i` to integer: smaller integers and literals convert, bigint does not.
   void integerArgument(size_t i) const;
};

/// array_agg: its values' texts are collected by string_agg and read back as the array.
inline bool collectsArray(const AggregateDefinition& definition) { return definition.rule == AggregateRule::ArrayAgg; }

using BindAggregate = void (*)(const AggregateBinding& call);
using BindWindow = void (*)(const WindowBinding& call);

struct AggregateRuleBinder {
   AggregateRule rule;
   BindAggregate bind;
};

struct WindowRuleBinder {
   AggregateRule rule;
   BindWindow bind;
};

/// The type rule of an aggregate entry's rule, or nullptr.
BindAggregate aggregateBinderOf(AggregateRule rule);
/// The type rule of a window entry's rule, or nullptr.
BindWindow windowBinderOf(AggregateRule rule);

// The families, one file each in parser/functions/.
std::span<const AggregateRuleBinder> aggregateFunctionBinders();
std::span<const WindowRuleBinder> windowFunctionBinders();

}  // namespace kiln
