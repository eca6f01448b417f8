// Aggregate functions, with PostgreSQL's names (their type rules:
// parser/functions/aggregate_functions.cpp).
#include "algebra/aggregate_function.h"

namespace kiln {

std::vector<AggregateDefinition> aggregateFunctions() {
   using enum CallForm;
   using enum AggregateRule;
   using Function = AggregateFunction;
   return {
      {{"count"}, Aggregate, Count, Function::Count, WindowFunction::Aggregate, 1, 1, true},
      {{"sum"}, Aggregate, SumOrAvg, Function::Sum},
      {{"avg"}, Aggregate, SumOrAvg, Function::Avg},
      {{"min"}, Aggregate, MinMax, Function::Min},
      {{"max"}, Aggregate, MinMax, Function::Max},
      // FALSE is less than TRUE: all are TRUE when the least is, some is when the greatest is.
      {{"bool_and", "every"}, Aggregate, Boolean, Function::Min},
      {{"bool_or"}, Aggregate, Boolean, Function::Max},
      // stddev and variance are the sample ones.
      {{"stddev_samp", "stddev"}, Aggregate, Statistic, Function::StddevSamp},
      {{"stddev_pop"}, Aggregate, Statistic, Function::StddevPop},
      {{"var_samp", "variance"}, Aggregate, Statistic, Function::VarSamp},
      {{"var_pop"}, Aggregate, Statistic, Function::VarPop},
      {{"string_agg"}, Aggregate, StringAgg, Function::StringAgg, WindowFunction::Aggregate, 2, 2},
      // The elements' text joined by string_agg, read back as the array.
      {{"array_agg"}, Aggregate, ArrayAgg, Function::StringAgg},
      // Ordered-set aggregates: the fraction is the direct argument.
      {{"percentile_cont"}, OrderedSet, Percentile, Function::PercentileCont},
      {{"percentile_disc"}, OrderedSet, Percentile, Function::PercentileDisc},
      {{"mode"}, OrderedSet, Percentile, Function::Mode, WindowFunction::Aggregate, 0, 0},
   };
}

}  // namespace kiln
