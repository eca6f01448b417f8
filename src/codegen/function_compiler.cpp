#include "codegen/function_compiler.h"

#include <array>
#include <string>

namespace kiln {

CompileFunction compilerOf(FunctionId id) {
   static const std::array<CompileFunction, 256> byId = [] {
      std::array<CompileFunction, 256> table{};
      for (auto family : {stringFunctionCompilers, mathFunctionCompilers})
         for (const FunctionCompiler& compiler : family()) table[size_t(compiler.id)] = compiler.compile;
      return table;
   }();
   if (!byId[size_t(id)]) throw Error("XX000", std::string("no code for function ") + functionName(id));
   return byId[size_t(id)];
}

}  // namespace kiln
