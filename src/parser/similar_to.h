// SIMILAR TO's patterns (SQL regular expressions) as POSIX regular expressions, the way
// PostgreSQL's similar_to_escape() converts them: % is .*, _ is ., the whole value must match.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kiln {

/// The regular expression for SQL pattern `pattern` with escape character `escape` (nullopt: the
/// default, a backslash; empty: none). 22025 for an escape of more than one character, 2200C for
/// more than two escape-double-quote separators.
std::string similarToRegex(std::string_view pattern, std::optional<std::string_view> escape);

}  // namespace kiln
