// The values of literals as the binder reads them, shared by the binder and the plan cache (which
// reads new literals from a statement's text without parsing it).
#pragma once

#include <string>

#include "common/value.h"

namespace kiln {

/// A number literal (with its sign, if the grammar folded one into it) as PostgreSQL types it: an
/// integer INTEGER or BIGINT where it fits, any other (a point, an exponent, more digits) NUMERIC
/// with the scale numeric_in gives it (1.50 has 2).
Value numberLiteral(const std::string& text);

}  // namespace kiln
