// A whole file read as text, for the runners' schema and query files.
#pragma once

#include <string>

namespace kiln::bench {

/// std::runtime_error "cannot read PATH" when it cannot be opened.
std::string readTextFile(const std::string& path);

}  // namespace kiln::bench
