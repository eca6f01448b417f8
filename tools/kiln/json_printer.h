// A result as a JSON array with one object per row; keys are the column names.
#pragma once

#include <ostream>

namespace kiln {
class Result;
}

namespace kiln::shell {

/// Numbers stay JSON numbers (NaN and infinities become strings), booleans true/false, NULL null, the rest strings.
void printJson(const Result& result, std::ostream& out);

}  // namespace kiln::shell
