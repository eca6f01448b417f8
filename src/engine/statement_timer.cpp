#include "engine/statement_timer.h"

#include <cmath>

namespace kiln {

void StatementTimer::finish(StatementStats& stats) const {
   if (!on_) {
      stats.executeMs = 0;
      return;
   }
   double ms = elapsedMs();
   if (std::isnan(stats.executeMs)) stats.executeMs = ms - stats.compileMs;
   stats.parseMs = ms - stats.compileMs - stats.executeMs;
   stats.totalMs = ms;
}

}  // namespace kiln
