// The registry of aggregate and window functions: each is one entry with its names, the form its
// calls take, how many arguments it has and what it computes. The binder resolves calls by it;
// the type rule of each entry is the binder's half (parser/aggregate_function_binder.h), found by
// the entry's rule, and what it computes (an AggregateFunction or WindowFunction) is compiled by
// the aggregation and window translators.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "algebra/operator.h"

namespace kiln {

/// How a call is written: f(x) (an aggregate, also over a window: f(x) OVER (...)),
/// f(fraction) WITHIN GROUP (ORDER BY x), or f(x) OVER (...) alone.
enum class CallForm : uint8_t { Aggregate, OrderedSet, Window };

/// The type rule of an entry, as PostgreSQL resolves it: which argument types it takes and the
/// result's type. Entries that differ only in what they compute share one.
enum class AggregateRule : uint8_t {
   Count,
   SumOrAvg,
   Statistic,  // variance and standard deviation
   Boolean,    // bool_and, bool_or
   MinMax,
   StringAgg,
   ArrayAgg,
   Percentile,  // the ordered-set aggregates
   Ranking,     // row_number, rank, ...: no argument
   Ntile,
   LagLead,
   FirstLastValue,
   NthValue,
};

struct AggregateDefinition {
   std::vector<const char*> names;  // the first is the one plans show
   CallForm form;
   AggregateRule rule;
   AggregateFunction aggregate = AggregateFunction::Count;  // what an aggregate computes
   WindowFunction window = WindowFunction::Aggregate;       // what a window function computes
   /// The arguments of an aggregate (the direct ones of an ordered-set aggregate, before
   /// WITHIN GROUP) or a window function; an aggregate's are checked by its rule unless it
   /// takes exactly one.
   uint8_t minArguments = 1, maxArguments = 1;
   bool star = false;  // f(*): count(*)
};

/// The entry called `name`, or nullptr.
const AggregateDefinition* findAggregate(std::string_view name);
std::span<const AggregateDefinition> aggregateDefinitions();

// The families, one file each in algebra/functions/.
std::vector<AggregateDefinition> aggregateFunctions();
std::vector<AggregateDefinition> windowFunctions();

}  // namespace kiln
