// Backslash commands: \q, \?, \timing, \d, \format.
#pragma once

#include <ostream>
#include <string_view>

#include "outcome.h"
#include "settings.h"

namespace kiln {
class Database;
}

namespace kiln::shell {

struct MetaContext {
   Database& database;
   Settings& settings;
   bool interactive;  // confirmations such as "Timing is on." only make sense to a person
   std::ostream& out;
   std::ostream& err;
};

/// Runs the backslash command on `line`. Unknown commands and bad arguments print an error and fail.
Outcome runMetaCommand(std::string_view line, MetaContext& context);

}  // namespace kiln::shell
