#include "tpcc_clock.h"

#include <chrono>

namespace kiln::bench {

int64_t systemClockMicros() { return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count(); }

}  // namespace kiln::bench
