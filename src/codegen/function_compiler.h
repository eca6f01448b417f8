// How the scalar functions of the registry (algebra/scalar_function.h) compile: one callback per
// FunctionId, which emits inline IR through SqlOps or calls a runtime helper.
#pragma once

#include <span>
#include <vector>

#include "algebra/expression.h"
#include "codegen/sql_ops.h"

namespace kiln {

/// One call being compiled. A strict function's arguments are values here, never NULL.
struct FunctionCall {
   const Expr& expr;
   const std::vector<SqlValue>& args;
   CodeContext& cx;
   SqlOps& ops;

   llvm::IRBuilder<>& builder() const { return cx.builder(); }
   /// Argument `i` (a string) in a stack slot, as the runtime's string helpers take it.
   llvm::Value* address(size_t i) const { return ops.stringAddress(args[i].value); }
};

/// The function's value from its (non-NULL) arguments.
using CompileFunction = llvm::Value* (*)(const FunctionCall& call);

struct FunctionCompiler {
   FunctionId id;
   CompileFunction compile;
};

/// The callback of a registry entry; XX000 for an entry without one.
CompileFunction compilerOf(FunctionId id);

// The families, one file each in codegen/functions/.
std::span<const FunctionCompiler> stringFunctionCompilers();
std::span<const FunctionCompiler> mathFunctionCompilers();

}  // namespace kiln
