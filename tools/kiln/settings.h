// What the user can change while the shell runs.
#pragma once

#include <string>

#include "output_format.h"

namespace kiln::shell {

struct Settings {
   OutputFormat format = OutputFormat::Table;
   bool timing = false;  // print "Time: ..." after each statement
   bool expanded = false;  // tables as one "column | value" block per row (psql's \x)
   // psql's \restrict: while set, the only meta-command taken is \unrestrict with this key
   // (pg_dump's scripts restrict themselves, so that data cannot smuggle in commands).
   std::string restrictKey;
};

}  // namespace kiln::shell
