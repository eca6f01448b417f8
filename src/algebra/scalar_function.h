// The registry of scalar SQL functions: each is one entry with its names, overloads, NULL
// behaviour and volatility, which the binder resolves calls by. A type rule that parameters
// cannot say (numeric or double precision, date or timestamp) is the binder's half of the entry
// (parser/function_binder.h), how it compiles codegen's half (codegen/function_compiler.h), both
// found by the entry's FunctionId: the binder (parser/) and the expression compiler (codegen/)
// both read the registry, and neither may include the other.
#pragma once

#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "algebra/expression.h"

namespace kiln {

/// How an argument matches a parameter and is converted, as PostgreSQL resolves these functions.
enum class ParameterType : uint8_t {
   Text,    // any string type, as it is; an untyped literal becomes text
   BigInt,  // any integer type, or an untyped literal, as a bigint
   Any,     // as the entry's bind rule says (parser/functions/)
};

/// Strict: NULL when any argument is NULL; the compiled function sees only values.
/// Special: the compiled function sees NULL arguments and decides its result's (concat skips them).
enum class NullBehaviour : uint8_t { Strict, Special };

/// Volatile: two calls may give two values (random()), so no call is folded or shared.
enum class Volatility : uint8_t { Immutable, Volatile };

struct FunctionOverload {
   std::vector<ParameterType> parameters;
   SqlType result{};        // unknown: the bind rule gives it
   bool variadic = false;   // the last parameter repeats: any number of further arguments

   bool accepts(size_t count) const { return count == parameters.size() || (variadic && count > parameters.size()); }
   ParameterType parameter(size_t i) const { return parameters[std::min(i, parameters.size() - 1)]; }
};

struct ScalarFunction {
   std::vector<const char*> names;  // the first is the one plans show
   FunctionId id;
   std::vector<FunctionOverload> overloads;  // told apart by their number of arguments
   NullBehaviour nulls = NullBehaviour::Strict;
   Volatility volatility = Volatility::Immutable;

   /// The overload taking `count` arguments, or nullptr.
   const FunctionOverload* overloadFor(size_t count) const;
};

/// The functions called `name`, in the order calls try them (one name may have entries of several
/// arities: log(x), log(b, x)); empty when the registry has none.
std::span<const ScalarFunction* const> findScalarFunctions(std::string_view name);
/// The entry of `id`, or nullptr.
const ScalarFunction* scalarFunction(FunctionId id);
std::span<const ScalarFunction> scalarFunctions();

// The families, one file each in algebra/functions/.
std::vector<ScalarFunction> stringFunctions();
std::vector<ScalarFunction> mathFunctions();
std::vector<ScalarFunction> datetimeFunctions();
std::vector<ScalarFunction> systemFunctions();
std::vector<ScalarFunction> regexFunctions();
std::vector<ScalarFunction> arrayFunctions();

}  // namespace kiln
