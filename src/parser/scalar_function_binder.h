// Calls to the functions of the registry (algebra/scalar_function.h).
#pragma once

#include <string>
#include <vector>

#include "algebra/scalar_function.h"

namespace kiln {

class ExpressionBinder;

/// `function` (called `name`) with `args`: the overload with as many parameters, each Text and
/// BigInt argument converted to its parameter's type, then the entry's bind rule if it has one
/// (parser/function_binder.h); nullptr when no overload has as many or the rule takes none of
/// the arguments' types, 42883 when an argument does not fit.
ExprPtr bindScalarFunction(const ScalarFunction& function, const std::string& name, std::vector<ExprPtr>& args, int position, ExpressionBinder& binder);

}  // namespace kiln
