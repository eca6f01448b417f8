#include "codegen/runtime_functions.h"

namespace kiln {

std::span<const RuntimeFunction> runtimeFunctions() {
#define KILN_LIST_RUNTIME_FUNCTION(function) runtime::function,
   static constexpr RuntimeFunction all[] = {runtime::kiln_error, KILN_RUNTIME_FUNCTIONS(KILN_LIST_RUNTIME_FUNCTION)};
#undef KILN_LIST_RUNTIME_FUNCTION
   return all;
}

}  // namespace kiln
