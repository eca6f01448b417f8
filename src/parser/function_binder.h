// The binder's half of registry entries (algebra/scalar_function.h) whose type rules their
// parameters cannot say: one callback per FunctionId, which checks and converts the arguments
// and makes the call (or rewrites it into other expressions), as codegen/function_compiler.h
// has one per FunctionId that compiles it.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "algebra/scalar_function.h"

namespace kiln {

class ExpressionBinder;

/// Converts argument `i` of a call of `name` as a parameter of `type` (Text or BigInt) takes
/// it; 42883 when it does not fit.
void convertArgument(std::vector<ExprPtr>& args, size_t i, ParameterType type, const std::string& name, int position);

/// One call being bound: its Text and BigInt arguments are converted already.
struct FunctionBinding {
   const ScalarFunction& function;
   const std::string& name;  // as called: one of the entry's names
   std::vector<ExprPtr>& args;
   int position;
   ExpressionBinder& binder;

   /// 42883: no such function for the arguments' types (as converted up to here).
   Error noSuchFunction() const;
   /// The entry's call of the arguments, NULL when any is.
   ExprPtr make(SqlType result) const { return make(function.id, result); }
   ExprPtr make(FunctionId id, SqlType result) const;
   void convert(size_t i, ParameterType type) const { convertArgument(args, i, type, name, position); }
   /// Converts every argument to `type`, failing unless each is untyped or `fits`.
   void convertAll(SqlType type, bool (*fits)(const SqlType& argument)) const;
};

/// The call, or nullptr when its arguments fit none of the entry's forms (then 42883).
using BindFunction = ExprPtr (*)(const FunctionBinding& call);

struct FunctionBinder {
   FunctionId id;
   BindFunction bind;
};

/// The bind rule of a registry entry, or nullptr: its parameters say all.
BindFunction binderOf(FunctionId id);

/// A call of a function rewritten into other expressions when bound (rewritten_functions.cpp),
/// or nullptr for another name or number of arguments.
ExprPtr bindRewrittenFunction(const std::string& name, std::vector<ExprPtr>& args, int position, ExpressionBinder& binder);

// The families, one file each in parser/functions/.
std::span<const FunctionBinder> mathFunctionBinders();
std::span<const FunctionBinder> datetimeFunctionBinders();
std::span<const FunctionBinder> stringFunctionBinders();
std::span<const FunctionBinder> systemFunctionBinders();
std::span<const FunctionBinder> regexFunctionBinders();
std::span<const FunctionBinder> arrayFunctionBinders();

}  // namespace kiln
