#include "common/available_cores.h"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

namespace kiln {

namespace {

unsigned affinityCores() {
   cpu_set_t set;
   if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
   return unsigned(std::max(1, CPU_COUNT(&set)));
}

/// cgroup v2's cpu.max ("QUOTA PERIOD", or "max PERIOD" for none), rounded up to whole cores; 0
/// for no quota.
unsigned quotaCores() {
   std::ifstream file("/sys/fs/cgroup/cpu.max");
   std::string quota;
   double period = 0;
   if (!(file >> quota >> period) || quota == "max" || period <= 0) return 0;
   try {
      return unsigned(std::max(1.0, std::ceil(std::stod(quota) / period)));
   } catch (...) {
      return 0;
   }
}

}  // namespace

unsigned availableCores() {
   // Read once: every statement asks, and reading costs a system call and a file.
   static const unsigned cores = [] {
      unsigned cores = affinityCores();
      if (unsigned quota = quotaCores()) cores = std::min(cores, quota);
      return cores;
   }();
   return cores;
}

}  // namespace kiln
