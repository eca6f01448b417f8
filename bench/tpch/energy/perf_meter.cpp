#include "perf_meter.h"

#include "sysfs_file.h"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <sstream>

namespace kiln::bench {

namespace {

const std::string pmuDir = "/sys/bus/event_source/devices/power";

/// "event=0x02" -> 2
std::optional<uint64_t> eventConfig(const std::string& text) {
   size_t equals = text.find("event=");
   if (equals == std::string::npos) return std::nullopt;
   return std::strtoull(text.c_str() + equals + 6, nullptr, 0);
}

/// "0" or "0,64" or "0-1" -> the listed CPUs
std::vector<int> cpuList(const std::string& text) {
   std::vector<int> cpus;
   std::stringstream list(text);
   for (std::string item; std::getline(list, item, ',');) {
      size_t dash = item.find('-');
      int first = std::atoi(item.c_str()), last = dash == std::string::npos ? first : std::atoi(item.c_str() + dash + 1);
      for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
   }
   return cpus;
}

}  // namespace

std::unique_ptr<PerfMeter> PerfMeter::open() {
   std::optional<uint64_t> type = readCounter(pmuDir + "/type");
   std::optional<std::string> event = readLine(pmuDir + "/events/energy-pkg");
   std::optional<std::string> scale = readLine(pmuDir + "/events/energy-pkg.scale");
   std::optional<std::string> mask = readLine(pmuDir + "/cpumask");
   if (!type || !event || !scale || !mask) return nullptr;
   std::optional<uint64_t> config = eventConfig(*event);
   if (!config) return nullptr;

   perf_event_attr attr{};
   attr.type = uint32_t(*type);
   attr.size = sizeof(attr);
   attr.config = *config;
   std::vector<int> descriptors;
   for (int cpu : cpuList(*mask)) {
      int fd = int(syscall(SYS_perf_event_open, &attr, -1, cpu, -1, 0));
      if (fd < 0) {
         for (int open : descriptors) close(open);
         return nullptr;
      }
      descriptors.push_back(fd);
   }
   if (descriptors.empty()) return nullptr;
   auto meter = std::unique_ptr<PerfMeter>(new PerfMeter(std::move(descriptors), std::strtod(scale->c_str(), nullptr)));
   meter->start_ = meter->joules();
   return meter;
}

PerfMeter::PerfMeter(std::vector<int> descriptors, double scale) : descriptors_(std::move(descriptors)), scale_(scale) {}

PerfMeter::~PerfMeter() {
   for (int fd : descriptors_) close(fd);
}

double PerfMeter::joules() {
   // The counts are 64 bits wide and never wrap in practice.
   double total = 0;
   for (int fd : descriptors_) {
      uint64_t count = 0;
      if (read(fd, &count, sizeof(count)) == ssize_t(sizeof(count))) total += double(count) * scale_;
   }
   return total - start_;
}

std::string PerfMeter::description() const { return "RAPL via perf power/energy-pkg (" + std::to_string(descriptors_.size()) + " package(s))"; }

}  // namespace kiln::bench
