// RAPL energy counters through Linux powercap (Intel, and AMD since Linux 5.8, both as intel-rapl:*).
#pragma once

#include "energy_meter.h"

#include <cstdint>
#include <vector>

namespace kiln::bench {

/// Sums the top-level zones <root>/intel-rapl:N (one per package); their sub-zones (core, uncore, dram
/// on some parts) are parts of the package figure and would count twice. Counters wrap at
/// max_energy_range_uj, which joules() handles as long as it is called at least once per wrap
/// (hours at package power).
class PowercapMeter : public EnergyMeter {
   public:
   /// Returns nullptr when no zone's energy_uj is readable (absent, or root-only as on recent kernels).
   static std::unique_ptr<PowercapMeter> open(const std::string& root);

   std::string source() const override { return "powercap"; }
   bool estimated() const override { return false; }
   double joules() override;
   std::string description() const override;

   private:
   struct Zone {
      std::string path;  // the zone's directory
      std::string name;  // its "name" file, e.g. package-0
      uint64_t maxRange = 0;
      uint64_t last = 0;
   };

   explicit PowercapMeter(std::vector<Zone> zones);

   std::vector<Zone> zones_;
   double total_ = 0;
};

/// The microjoules from `before` to `now` on a counter that wraps to 0 after reaching maxRange.
uint64_t counterDelta(uint64_t before, uint64_t now, uint64_t maxRange);

}  // namespace kiln::bench
