#include "engine/thread_settings.h"

#include <charconv>

#include "common/available_cores.h"
#include "engine/passive_settings.h"
#include "kiln/kiln.h"

namespace kiln {

int64_t threadsSetting(const PgQuery__VariableSetStmt& set, const std::string& name) {
   if (set.kind != PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE || set.n_args == 0) return 0;
   std::string text = flattenedSetValue(set, false);
   int64_t value = 0;
   auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
   if (error != std::errc() || end != text.data() + text.size()) throw Error("22023", "invalid value for parameter \"" + name + "\": \"" + text + "\"");
   bool workers = name == "max_parallel_workers_per_gather";  // besides the statement's own thread
   int64_t low = workers ? 0 : 1, high = workers ? maxThreads - 1 : maxThreads;
   if (value < low || value > high)
      throw Error("22023", text + " is outside the valid range for parameter \"" + name + "\" (" + std::to_string(low) + " .. " + std::to_string(high) + ")");
   return workers ? value + 1 : value;
}

int64_t effectiveThreads(int64_t setting) { return setting > 0 ? setting : int64_t(availableCores()); }

}  // namespace kiln
