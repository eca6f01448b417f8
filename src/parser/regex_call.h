// Calls of the regular expression functions (algebra/functions/regex_functions.cpp), which the
// operators ~, ~*, !~, !~* and SIMILAR TO (regex_binder.cpp) are too. Flags and SIMILAR TO's
// pattern must be literals (they nearly always are), so they are checked once, when bound.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "algebra/expression.h"

namespace kiln {

/// A call of regular expression function `id` with `flags` (RegexFlags, checked: 22023).
ExprPtr regexCall(FunctionId id, SqlType type, std::vector<ExprPtr> args, std::string flags, int position);

/// The text of literal string argument `what` (flags, SIMILAR TO's pattern); nullopt for NULL,
/// 0A000 for another expression.
std::optional<std::string> literalText(const Expr& e, const char* what, int position);

/// SIMILAR TO's literal pattern and escape (nullptr: the default) as a regular expression;
/// nullopt when either is NULL.
std::optional<std::string> similarRegex(ExprPtr pattern, ExprPtr escape, int position);

}  // namespace kiln
