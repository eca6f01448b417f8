// Conversions of literal values done while binding, as PostgreSQL's parser does for
// `DATE '1998-12-01'`, `'24'::integer` or `0.05` compared with a DECIMAL(15,2).
#pragma once

#include <optional>

#include "algebra/expression.h"

namespace kiln::folding {

/// The literal converted to `target`, or nullopt when the conversion is left to generated code.
/// `explicitCast` allows the lossy forms of CAST (string truncation).
std::optional<Value> convert(const Value& value, SqlType target, bool explicitCast);

/// Folds `date ± integer` and `date ± interval` over literals; nullopt otherwise.
std::optional<Value> dateArithmetic(ArithOp op, const Value& left, const Value& right);

}  // namespace kiln::folding
