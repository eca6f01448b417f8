// What the user can change while the shell runs.
#pragma once

#include "output_format.h"

namespace kiln::shell {

struct Settings {
   OutputFormat format = OutputFormat::Table;
   bool timing = false;  // print "Time: ..." after each statement
};

}  // namespace kiln::shell
