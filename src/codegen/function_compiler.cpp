#include "codegen/function_compiler.h"

#include <array>
#include <optional>
#include <string>

#include "common/packed_type.h"

namespace kiln {

llvm::Value* FunctionCall::addressOrNull(size_t i) const {
   if (i >= args.size()) return llvm::ConstantPointerNull::get(cx.ptr());
   if (!args[i].isNull) return address(i);
   return builder().CreateSelect(args[i].isNull, llvm::ConstantPointerNull::get(cx.ptr()), address(i));
}

llvm::Value* FunctionCall::elementType(SqlType array) const { return cx.int64(int64_t(packType(array.elementType()))); }

SqlValue FunctionCall::withOwnNull(const std::vector<SqlValue>& inputs, const std::function<llvm::Value*(llvm::Value* nullSlot)>& compute) const {
   auto& b = builder();
   llvm::Value* nullSlot = cx.entryAlloca(cx.i8());
   b.CreateStore(cx.int8(1), nullSlot);
   SqlValue result = ops.guardNulls(inputs, expr.type, [&] { return compute(nullSlot); });
   return {result.value, b.CreateICmpNE(b.CreateLoad(cx.i8(), nullSlot), cx.int8(0)), expr.type};
}

SqlValue compileScalarFunction(const ScalarFunction& function, const FunctionCall& call) {
   static const std::array<std::optional<FunctionCompiler>, 256> byId = [] {
      std::array<std::optional<FunctionCompiler>, 256> table{};
      for (auto family :
           {stringFunctionCompilers, mathFunctionCompilers, datetimeFunctionCompilers, systemFunctionCompilers, regexFunctionCompilers, arrayFunctionCompilers})
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
