// The date and time the transactions write (O_ENTRY_D, H_DATE, OL_DELIVERY_D), in microseconds
// since 1970 UTC: the machine's clock for TPC-C, a simulated one where queries expect other dates.
#pragma once

#include <cstdint>
#include <functional>

namespace kiln::bench {

using TpccClock = std::function<int64_t()>;

/// The machine's clock.
int64_t systemClockMicros();

}  // namespace kiln::bench
