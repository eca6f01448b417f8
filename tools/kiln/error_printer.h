// Errors the way psql shows them: "ERROR:  message", the offending line with a caret, "DETAIL:  ...".
#pragma once

#include <exception>
#include <ostream>
#include <string>

namespace kiln::shell {

/// `sql` is the statement that failed; a kiln::Error's position points into it.
void printError(const std::exception& error, const std::string& sql, std::ostream& err);

}  // namespace kiln::shell
