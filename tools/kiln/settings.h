// What the user can change while the shell runs.
#pragma once

#include "output_format.h"

namespace kiln::shell {

struct Settings {
   OutputFormat format = OutputFormat::Table;
   bool timing = false;  // print "Time: ..." after each statement
   bool expanded = false;  // tables as one "column | value" block per row (psql's \x)
};

}  // namespace kiln::shell
