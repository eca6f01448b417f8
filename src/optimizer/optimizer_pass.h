// The optimizer's passes: each one rewrite of the plan, in a file of optimizer/passes/, run in the
// order of this list by optimize(). Each can be switched off (SET disabled_optimizer_passes) and
// the query still gives the same rows, so tests turn a rewrite off instead of dodging it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "algebra/operator.h"
#include "optimizer/cardinality.h"

namespace kiln {

enum class OptimizerPass : uint8_t {
   JoinOrder,
   SemiJoinReduction,
   EagerAggregation,
   DistinctAggregation,
   SharedSubplans,
   IndexJoins,
   IndexScans,
   IndexOrder,
   JoinBuildSide,
   PrefilterChoice,
};

/// What a pass reads besides the plan: the estimates (learned from the plan as bound) and the
/// plan's IUs, where it makes new ones.
struct PassContext {
   const CardinalityEstimator& estimates;
   IUSet& ius;
};

struct OptimizerPassInfo {
   OptimizerPass pass;
   const char* name;  // as SET disabled_optimizer_passes names it
   std::unique_ptr<Operator> (*run)(std::unique_ptr<Operator> root, PassContext& context);
};

/// Every pass, in the order they run.
std::span<const OptimizerPassInfo> optimizerPasses();

/// A set of passes: bit p for OptimizerPass p.
using OptimizerPassSet = uint32_t;
constexpr OptimizerPassSet passBit(OptimizerPass pass) { return OptimizerPassSet(1) << unsigned(pass); }

/// The passes a comma-separated list of their names gives ("" none; spaces around the names do
/// not matter). 22023 for a name of no pass, with the valid names in its hint.
OptimizerPassSet parseOptimizerPassList(const std::string& list);

/// The names of `passes` in the order they run, joined by ", " (as SHOW gives them).
std::string optimizerPassList(OptimizerPassSet passes);

}  // namespace kiln
