// Calls to the functions of the registry (algebra/scalar_function.h).
#pragma once

#include <string>
#include <vector>

#include "algebra/scalar_function.h"

namespace kiln {

/// `function` (called `name`) with `args`: the overload with as many parameters, each argument
/// converted to its parameter's type; nullptr when no overload has as many, 42883 when an
/// argument does not fit.
ExprPtr bindScalarFunction(const ScalarFunction& function, const std::string& name, std::vector<ExprPtr>& args, int position);

}  // namespace kiln
