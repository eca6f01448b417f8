#include "algebra/aggregate_function.h"

#include <unordered_map>

namespace kiln {

namespace {

struct Registry {
   std::vector<AggregateDefinition> definitions;
   std::unordered_map<std::string_view, const AggregateDefinition*> byName;

   Registry() {
      for (auto family : {aggregateFunctions, windowFunctions})
         for (AggregateDefinition& definition : family()) definitions.push_back(std::move(definition));
      for (const AggregateDefinition& definition : definitions)
         for (const char* name : definition.names) byName[name] = &definition;
   }
};

const Registry& registry() {
   static const Registry instance;
   return instance;
}

}  // namespace

const AggregateDefinition* findAggregate(std::string_view name) {
   auto it = registry().byName.find(name);
   return it == registry().byName.end() ? nullptr : it->second;
}

std::span<const AggregateDefinition> aggregateDefinitions() { return registry().definitions; }

}  // namespace kiln
