#include "powercap_meter.h"

#include "sysfs_file.h"

#include <algorithm>
#include <filesystem>
#include <regex>

namespace kiln::bench {

uint64_t counterDelta(uint64_t before, uint64_t now, uint64_t maxRange) {
   if (now >= before) return now - before;
   // The counter passed maxRange and restarted from 0 (exactly once, if read often enough).
   return maxRange - before + now;
}

std::unique_ptr<PowercapMeter> PowercapMeter::open(const std::string& root) {
   static const std::regex packageZone(R"(intel-rapl:\d+)");
   std::vector<Zone> zones;
   std::error_code error;
   for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
      std::string directory = entry.path().filename().string();
      if (!std::regex_match(directory, packageZone)) continue;
      Zone zone;
      zone.path = entry.path().string();
      std::optional<uint64_t> energy = readCounter(zone.path + "/energy_uj");
      std::optional<uint64_t> maxRange = readCounter(zone.path + "/max_energy_range_uj");
      if (!energy || !maxRange) continue;
      zone.name = readLine(zone.path + "/name").value_or(directory);
      zone.maxRange = *maxRange;
      zone.last = *energy;
      zones.push_back(std::move(zone));
   }
   if (zones.empty()) return nullptr;
   std::sort(zones.begin(), zones.end(), [](const Zone& a, const Zone& b) { return a.path < b.path; });
   return std::unique_ptr<PowercapMeter>(new PowercapMeter(std::move(zones)));
}

PowercapMeter::PowercapMeter(std::vector<Zone> zones) : zones_(std::move(zones)) {}

double PowercapMeter::joules() {
   for (Zone& zone : zones_) {
      std::optional<uint64_t> now = readCounter(zone.path + "/energy_uj");
      if (!now) continue;  // a transient read failure loses nothing: the next read covers the gap
      total_ += double(counterDelta(zone.last, *now, zone.maxRange)) * 1e-6;
      zone.last = *now;
   }
   return total_;
}

std::string PowercapMeter::description() const {
   std::string names;
   for (const Zone& zone : zones_) names += (names.empty() ? "" : ", ") + zone.name;
   return "RAPL via powercap (" + names + ")";
}

}  // namespace kiln::bench
