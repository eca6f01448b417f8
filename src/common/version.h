// What version() answers, for tools that ask the server what it is.
#pragma once

#include <string>

namespace kiln {

/// "kiln 0.1.0 on x86_64-linux, compiled by GCC 12.2.0", in the manner of PostgreSQL's version().
const std::string& versionString();

}  // namespace kiln
