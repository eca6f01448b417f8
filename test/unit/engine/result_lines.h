// The first column of a Result's rows, one line each: how the tests read EXPLAIN's text.
#pragma once

#include <string>

#include "kiln/kiln.h"

namespace kiln {

inline std::string allLines(const Result& r) {
   std::string text;
   for (size_t row = 0; row < r.rowCount(); ++row) text += r.getString(row, 0) + "\n";
   return text;
}

}  // namespace kiln
