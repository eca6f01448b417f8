// The sets of values seen by aggregates over DISTINCT values, one per group and aggregate.
#pragma once

#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

namespace kiln {

class DistinctSets {
   public:
   using Set = std::unordered_set<std::string>;
   Set* create() { return sets_.emplace_back(std::make_unique<Set>()).get(); }

   private:
   std::vector<std::unique_ptr<Set>> sets_;
};

}  // namespace kiln
