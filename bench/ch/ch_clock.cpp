#include "ch_clock.h"

#include <chrono>

namespace kiln::bench {

TpccClock simulatedClock(int64_t startMicros) {
   auto origin = std::chrono::steady_clock::now();
   return
      [startMicros, origin] { return startMicros + std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - origin).count(); };
}

}  // namespace kiln::bench
