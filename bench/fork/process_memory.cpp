#include "process_memory.h"

#include <fstream>
#include <sstream>
#include <string>

namespace kiln::bench {

namespace {

/// The "Name:   123 kB" lines of a /proc file, in bytes.
void readKilobytes(const char* path, const char* name, uint64_t& bytes) {
   std::ifstream file(path);
   std::string line, prefix = std::string(name) + ":";
   while (std::getline(file, line)) {
      if (line.compare(0, prefix.size(), prefix) != 0) continue;
      std::istringstream(line.substr(prefix.size())) >> bytes;
      bytes *= 1024;
      return;
   }
}

}  // namespace

ProcessMemory readProcessMemory() {
   ProcessMemory memory;
   readKilobytes("/proc/self/smaps_rollup", "Rss", memory.residentBytes);
   readKilobytes("/proc/self/smaps_rollup", "AnonHugePages", memory.hugePageBytes);
   readKilobytes("/proc/self/status", "VmPTE", memory.pageTableBytes);
   return memory;
}

}  // namespace kiln::bench
