// Window functions proper, with PostgreSQL's names (their type rules:
// parser/functions/window_functions.cpp); every aggregate is one too, over a window.
#include "algebra/aggregate_function.h"

namespace kiln {

std::vector<AggregateDefinition> windowFunctions() {
   using enum CallForm;
   using enum AggregateRule;
   using Function = WindowFunction;
   const AggregateFunction none = AggregateFunction::Count;
   return {
      {{"row_number"}, Window, Ranking, none, Function::RowNumber, 0, 0},
      {{"rank"}, Window, Ranking, none, Function::Rank, 0, 0},
      {{"dense_rank"}, Window, Ranking, none, Function::DenseRank, 0, 0},
      {{"percent_rank"}, Window, Ranking, none, Function::PercentRank, 0, 0},
      {{"cume_dist"}, Window, Ranking, none, Function::CumeDist, 0, 0},
      {{"ntile"}, Window, Ntile, none, Function::Ntile, 1, 1},
      // (value [, offset [, default]])
      {{"lag"}, Window, LagLead, none, Function::Lag, 1, 3},
      {{"lead"}, Window, LagLead, none, Function::Lead, 1, 3},
      {{"first_value"}, Window, FirstLastValue, none, Function::FirstValue, 1, 1},
      {{"last_value"}, Window, FirstLastValue, none, Function::LastValue, 1, 1},
      {{"nth_value"}, Window, NthValue, none, Function::NthValue, 2, 2},
   };
}

}  // namespace kiln
