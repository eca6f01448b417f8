// How the scalar functions of the registry (algebra/scalar_function.h) compile: one callback per
// FunctionId, which emits inline IR through SqlOps or calls a runtime helper.
#pragma once

#include <functional>
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
   /// The address of argument `i`, a string that may be NULL or absent: a null pointer then.
   llvm::Value* addressOrNull(size_t i) const;
   /// The packed element type (common/packed_type.h) of `array`, as the array helpers take it.
   llvm::Value* elementType(SqlType array) const;
   /// A result that can be NULL for non-NULL `inputs` too: NULL when an input is, else `compute`
   /// gives the value and stores its NULL flag (i8) in the slot it is passed.
   SqlValue withOwnNull(const std::vector<SqlValue>& inputs, const std::function<llvm::Value*(llvm::Value* nullSlot)>& compute) const;
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
std::span<const FunctionCompiler> regexFunctionCompilers();
std::span<const FunctionCompiler> arrayFunctionCompilers();

}  // namespace kiln
