#include "algebra/scalar_function.h"

#include <array>
#include <string>
#include <unordered_map>

namespace kiln {

namespace {

struct Registry {
   std::vector<ScalarFunction> functions;
   std::unordered_map<std::string_view, const ScalarFunction*> byName;
   std::array<const ScalarFunction*, 256> byId{};

   Registry() {
      for (auto family : {stringFunctions, mathFunctions})
         for (ScalarFunction& function : family()) functions.push_back(std::move(function));
      for (const ScalarFunction& function : functions) {
         for (const char* name : function.names) byName.emplace(name, &function);
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
      if (overload.parameters.size() == count) return &overload;
   return nullptr;
}

const ScalarFunction* findScalarFunction(std::string_view name) {
   auto it = registry().byName.find(name);
   return it == registry().byName.end() ? nullptr : it->second;
}

const ScalarFunction* scalarFunction(FunctionId id) { return registry().byId[size_t(id)]; }

std::span<const ScalarFunction> scalarFunctions() { return registry().functions; }

}  // namespace kiln
