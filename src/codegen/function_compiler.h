// How the scalar functions of the registry (algebra/scalar_function.h) compile: one callback per
// FunctionId, which emits inline IR through SqlOps or calls a runtime helper.
#pragma once

#include <span>
#include <vector>

#include "algebra/scalar_function.h"
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

/// A strict function's value from its (non-NULL) arguments.
using CompileFunction = llvm::Value* (*)(const FunctionCall& call);
/// A function's value and NULL flag from arguments that may be NULL (NullBehaviour::Special).
using CompileWithNulls = SqlValue (*)(const FunctionCall& call);

struct FunctionCompiler {
   FunctionId id;
   CompileFunction compile = nullptr;
   CompileWithNulls compileWithNulls = nullptr;

   constexpr FunctionCompiler(FunctionId id, CompileFunction compile) : id(id), compile(compile) {}
   constexpr FunctionCompiler(FunctionId id, CompileWithNulls compile) : id(id), compileWithNulls(compile) {}
};

/// The call of a registry entry, compiled by its callback; XX000 for an entry without one (or
/// with one of the other NULL behaviour).
SqlValue compileScalarFunction(const ScalarFunction& function, const FunctionCall& call);

// The families, one file each in codegen/functions/.
std::span<const FunctionCompiler> stringFunctionCompilers();
std::span<const FunctionCompiler> mathFunctionCompilers();
std::span<const FunctionCompiler> datetimeFunctionCompilers();
std::span<const FunctionCompiler> systemFunctionCompilers();

}  // namespace kiln
