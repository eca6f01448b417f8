#include "codegen/function_compiler.h"

#include <array>
#include <optional>
#include <string>

namespace kiln {

SqlValue compileScalarFunction(const ScalarFunction& function, const FunctionCall& call) {
   static const std::array<std::optional<FunctionCompiler>, 256> byId = [] {
      std::array<std::optional<FunctionCompiler>, 256> table{};
      for (auto family : {stringFunctionCompilers, mathFunctionCompilers, datetimeFunctionCompilers, systemFunctionCompilers})
         for (const FunctionCompiler& compiler : family()) table[size_t(compiler.id)] = compiler;
      return table;
   }();
   const std::optional<FunctionCompiler>& compiler = byId[size_t(function.id)];
   bool strict = function.nulls == NullBehaviour::Strict;
   if (!compiler || (strict ? !compiler->compile : !compiler->compileWithNulls))
      throw Error("XX000", std::string("no code for function ") + functionName(function.id));
   if (!strict) return compiler->compileWithNulls(call);
   return call.ops.guardNulls(call.args, call.expr.type, [&] { return compiler->compile(call); });
}

}  // namespace kiln
