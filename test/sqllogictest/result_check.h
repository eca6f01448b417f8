// Compares a query's result with the expected lines of a sqllogictest record.
#pragma once

#include "record.h"

#include <kiln/kiln.h>

#include <optional>
#include <string>
#include <vector>

namespace kiln::sqllogictest {

/// Returns nothing when `result` matches, else a report of expected versus actual values.
/// Expected values are one row per line, tab-separated, or one value per line (SQLite's
/// classic layout), or "N values hashing to MD5".
std::optional<std::string> checkQueryResult(const Result& result, const Record& record);

}  // namespace kiln::sqllogictest
