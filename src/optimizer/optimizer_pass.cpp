#include "optimizer/optimizer_pass.h"

#include <algorithm>
#include <sstream>

#include "kiln/kiln.h"
#include "optimizer/passes/distinct_aggregation.h"
#include "optimizer/passes/eager_aggregation.h"
#include "optimizer/passes/index_joins.h"
#include "optimizer/passes/index_order.h"
#include "optimizer/passes/index_scans.h"
#include "optimizer/passes/join_build_side.h"
#include "optimizer/passes/join_order.h"
#include "optimizer/passes/prefilter_choice.h"
#include "optimizer/passes/semi_join_reduction.h"
#include "optimizer/passes/shared_subplans.h"

namespace kiln {

namespace {

using Root = std::unique_ptr<Operator>;

// The order matters: the index rewrites read the joins join_order made, shared_subplans must see
// the subplans' own filters pushed into them, index_joins must come before index_scans, and
// prefilter_choice reads the final plan (the joins' build sides too).
constexpr OptimizerPassInfo passes[] = {
   {OptimizerPass::JoinOrder, "join_order", [](Root root, PassContext& c) { return orderJoins(std::move(root), c.estimates); }},
   {OptimizerPass::SemiJoinReduction, "semi_join_reduction", [](Root root, PassContext& c) { return reduceAggregatesToDomain(std::move(root), c.estimates); }},
   {OptimizerPass::EagerAggregation, "eager_aggregation", [](Root root, PassContext& c) { return aggregateEagerly(std::move(root), c.ius, c.estimates); }},
   {OptimizerPass::DistinctAggregation, "distinct_aggregation", [](Root root, PassContext& c) { return aggregateDistinctValuesFirst(std::move(root), c.ius); }},
   {OptimizerPass::SharedSubplans, "shared_subplans", [](Root root, PassContext& c) { return shareRepeatedSubplans(std::move(root), c.estimates); }},
   {OptimizerPass::IndexJoins, "index_joins", [](Root root, PassContext& c) { return useIndexJoins(std::move(root), c.estimates); }},
   {OptimizerPass::IndexScans, "index_scans", [](Root root, PassContext&) { return useIndexes(std::move(root)); }},
   {OptimizerPass::IndexOrder, "index_order", [](Root root, PassContext&) { return useIndexOrder(std::move(root)); }},
   {OptimizerPass::JoinBuildSide, "join_build_side",
    [](Root root, PassContext& c) {
       chooseJoinBuildSides(*root, c.estimates);
       return root;
    }},
   {OptimizerPass::PrefilterChoice, "prefilter_choice",
    [](Root root, PassContext& c) {
       choosePrefilters(*root, c.estimates);
       return root;
    }},
};
static_assert(std::size(passes) == size_t(OptimizerPass::PrefilterChoice) + 1, "a pass without its entry");

std::string trimmed(const std::string& text) {
   size_t begin = text.find_first_not_of(" \t\n"), end = text.find_last_not_of(" \t\n");
   return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

}  // namespace

std::span<const OptimizerPassInfo> optimizerPasses() { return passes; }

OptimizerPassSet parseOptimizerPassList(const std::string& list) {
   OptimizerPassSet set = 0;
   if (trimmed(list).empty()) return set;
   std::stringstream items(list);
   for (std::string item; std::getline(items, item, ',');) {
      std::string name = trimmed(item);
      auto pass = std::find_if(std::begin(passes), std::end(passes), [&](const OptimizerPassInfo& p) { return name == p.name; });
      if (pass == std::end(passes))
         throw Error("22023", "invalid value for parameter \"disabled_optimizer_passes\": \"" + name + "\"", 0, {},
                     "Available values: " + optimizerPassList(~OptimizerPassSet(0)) + ".");
      set |= passBit(pass->pass);
   }
   return set;
}

std::string optimizerPassList(OptimizerPassSet set) {
   std::string list;
   for (const OptimizerPassInfo& pass : passes)
      if (set & passBit(pass.pass)) list += (list.empty() ? "" : ", ") + std::string(pass.name);
   return list;
}

}  // namespace kiln
