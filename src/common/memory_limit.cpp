#include "common/memory_limit.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <fstream>
#include <string>

#include "common/memory_blocks.h"
#include "kiln/kiln.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace kiln {

namespace {

std::atomic<uint64_t>& limit() {
   static std::atomic<uint64_t> bytes{defaultMemoryLimit()};
   return bytes;
}

/// The process's resident memory that is its own (/proc/self/statm: resident minus shared, the
/// pages of mapped files such as a file COPY reads, which the kernel can drop and read again); 0
/// when it cannot be read. Opened each time: a descriptor kept open would name the parent after a
/// fork.
uint64_t residentBytes() {
   int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
   if (fd < 0) return 0;
   char text[128];
   ssize_t length = ::read(fd, text, sizeof(text) - 1);
   ::close(fd);
   if (length <= 0) return 0;
   const char *at = text, *end = text + length;
   uint64_t fields[3] = {0, 0, 0};  // size, resident, shared, in pages
   for (uint64_t& field : fields) {
      while (at < end && *at == ' ') ++at;
      at = std::from_chars(at, end, field).ptr;
   }
   static const uint64_t pageSize = uint64_t(sysconf(_SC_PAGESIZE));
   return fields[1] > fields[2] ? (fields[1] - fields[2]) * pageSize : 0;
}

uint64_t cgroupMemoryMax() {
   std::ifstream file("/sys/fs/cgroup/memory.max");
   std::string text;
   if (!(file >> text) || text == "max") return 0;
   uint64_t bytes = 0;
   std::from_chars(text.data(), text.data() + text.size(), bytes);
   return bytes;
}

bool fits(size_t bytes, uint64_t allowed) { return residentBytes() + bytes <= allowed; }

std::string megabytes(uint64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + "MB"; }

}  // namespace

uint64_t memoryLimit() { return limit().load(std::memory_order_relaxed); }

void setMemoryLimit(uint64_t bytes) { limit().store(bytes, std::memory_order_relaxed); }

uint64_t defaultMemoryLimit() {
   long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
   uint64_t usable = pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
   if (uint64_t cgroup = cgroupMemoryMax(); cgroup && (!usable || cgroup < usable)) usable = cgroup;
   return usable / 5 * 4;
}

void checkMemoryFor(size_t bytes) {
   uint64_t allowed = memoryLimit();
   if (allowed == 0 || fits(bytes, allowed)) return;
   releaseCachedBlocks();
#if defined(__GLIBC__)
   malloc_trim(0);
#endif
   if (fits(bytes, allowed)) return;
   throw Error("53200", "out of memory", 0,
               "Failed on request of size " + std::to_string(bytes) + " bytes: the process holds " + megabytes(residentBytes()) + " of memory_limit " +
                  megabytes(allowed) + ".",
               "Raise memory_limit if the machine has the memory, or use less: fewer threads, a smaller query.");
}

}  // namespace kiln
