// What the process's memory costs a fork(): how much is resident, how much of it in transparent
// huge pages, and the page tables a fork copies.
#pragma once

#include <cstdint>

namespace kiln::bench {

struct ProcessMemory {
   uint64_t residentBytes = 0;   // Rss
   uint64_t hugePageBytes = 0;   // AnonHugePages
   uint64_t pageTableBytes = 0;  // VmPTE
};

/// From /proc/self/smaps_rollup and /proc/self/status; zeros where the kernel does not say.
ProcessMemory readProcessMemory();

}  // namespace kiln::bench
