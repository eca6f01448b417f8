// The CH-benCHmark's queries compare dates with constants from 2007 to 2020 that all hold for
// rows dated between 2010-05-23 12:00 and 2012-01-02 (Q20's '> 2010-05-23 12:00:00', Q4, Q7
// and Q8's '< 2012-01-02'), so the population and the transactions use a simulated clock there.
#pragma once

#include "tpcc_clock.h"

#include <cstdint>

namespace kiln::bench {

/// 2011-06-01 00:00:00 UTC, months from either end of that window.
constexpr int64_t chClockStartMicros = 1306886400LL * 1000000;

/// A clock that reads `startMicros` now and then advances with the machine's (steady) clock.
TpccClock simulatedClock(int64_t startMicros);

}  // namespace kiln::bench
