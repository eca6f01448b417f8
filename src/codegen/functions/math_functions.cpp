// The code of the mathematical functions (their signatures: algebra/functions/math_functions.cpp).
#include "codegen/function_compiler.h"
#include "codegen/runtime_functions.h"

namespace kiln {

std::span<const FunctionCompiler> mathFunctionCompilers() {
   static constexpr FunctionCompiler compilers[] = {
      {FunctionId::Random, [](const FunctionCall& call) -> llvm::Value* { return call.cx.callRuntime(runtime::kiln_random, {}); }},
   };
   return compilers;
}

}  // namespace kiln
