// Writes the outcome of one statement in the chosen output format.
#pragma once

#include <ostream>

#include "output_format.h"

namespace kiln {
class Result;
}

namespace kiln::shell {

/// Rows in the given format (a table `expanded` as psql's \x draws it); statements without rows
/// print their status tag ("INSERT 0 3") in table format only, so csv and json output stays
/// machine-readable.
void printResult(const Result& result, OutputFormat format, bool expanded, std::ostream& out);

}  // namespace kiln::shell
