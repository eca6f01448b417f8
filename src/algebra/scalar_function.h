// The registry of scalar SQL functions: each is one entry with its names, overloads, NULL
// behaviour and volatility, which the binder resolves calls by. How an entry compiles is
// codegen's half (codegen/function_compiler.h), found by the entry's FunctionId: the binder
// (parser/) and the expression compiler (codegen/) both read the registry, and neither may
// include the other.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "algebra/expression.h"

namespace kiln {

/// How an argument matches a parameter and is converted, as PostgreSQL resolves these functions.
enum class ParameterType : uint8_t {
   Text,    // any string type, as it is; an untyped literal becomes text
   BigInt,  // any integer type, or an untyped literal, as a bigint
};

/// Strict: NULL when any argument is NULL; the compiled function sees only values.
enum class NullBehaviour : uint8_t { Strict };

/// Volatile: two calls may give two values (random()), so no call is folded or shared.
enum class Volatility : uint8_t { Immutable, Volatile };

struct FunctionOverload {
   std::vector<ParameterType> parameters;
   SqlType result;
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

/// The function called `name`, or nullptr when the registry has none (yet: the binder knows more).
const ScalarFunction* findScalarFunction(std::string_view name);
/// The entry of `id`, or nullptr.
const ScalarFunction* scalarFunction(FunctionId id);
std::span<const ScalarFunction> scalarFunctions();

// The families, one file each in algebra/functions/.
std::vector<ScalarFunction> stringFunctions();
std::vector<ScalarFunction> mathFunctions();

}  // namespace kiln
