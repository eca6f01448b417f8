// Where input lines come from: a person at a terminal, or a script (file, -c text, piped stdin).
#pragma once

#include <istream>

#include "outcome.h"
#include "shell.h"

namespace kiln::shell {

/// Reads lines with readline until \q or Ctrl-D. Errors are shown and the session goes on.
void runInteractive(Shell& shell);

/// Runs every line of `input`; Failed at the first error, Quit on \q. A COPY ... FROM STDIN
/// whose rows `input` does not hold reads them from `copyRows` (psql -c's rows come from stdin).
Outcome runScript(Shell& shell, std::istream& input, std::istream* copyRows = nullptr);

}  // namespace kiln::shell
