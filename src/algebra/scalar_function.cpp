#include "algebra/scalar_function.h"

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>

namespace kiln {

namespace {

struct Registry {
   std::vector<ScalarFunction> functions;
   std::unordered_map<std::string_view, std::vector<const ScalarFunction*>> byName;
   std::array<const ScalarFunction*, 256> byId{};

   Registry() {
      // Regular expressions first: substring(s FROM pattern) is tried before substring(s, start).
      for (auto family : {regexFunctions, stringFunctions, mathFunctions, datetimeFunctions, systemFunctions, arrayFunctions})
         for (ScalarFunction& function : family()) functions.push_back(std::move(function));
      for (const ScalarFunction& function : functions) {
         for (const char* name : function.names) byName[name].push_back(&function);
         byId[size_t(function.id)] = &function;
      }
   }
};

const Registry& registry() {
   static const Registry instance;
   return instance;
}

}  // namespace

const FunctionOverload* ScalarFunction::overloadFor(size_t count) const {
   for (const FunctionOverload& overload : overloads)
      if (overload.accepts(count)) return &overload;
   return nullptr;
}

std::span<const ScalarFunction* const> findScalarFunctions(std::string_view name) {
   auto it = registry().byName.find(name);
   if (it == registry().byName.end()) return {};
   return it->second;
}

const ScalarFunction* scalarFunction(FunctionId id) { return registry().byId[size_t(id)]; }

std::span<const ScalarFunction> scalarFunctions() { return registry().functions; }

}  // namespace kiln
