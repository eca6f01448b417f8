// Energy sensors of hwmon drivers (energyN_input, microjoules), e.g. amd_energy or some ARM boards.
#pragma once

#include "energy_meter.h"

#include <cstdint>
#include <vector>

namespace kiln::bench {

/// Sums the socket/package sensors when a driver labels them (amd_energy also has per-core ones that
/// are part of the socket figure), else every energy sensor found.
class HwmonMeter : public EnergyMeter {
   public:
   /// Returns nullptr when no energy*_input file is readable under root.
   static std::unique_ptr<HwmonMeter> open(const std::string& root);

   std::string source() const override { return "hwmon"; }
   bool estimated() const override { return false; }
   double joules() override;
   std::string description() const override;

   private:
   struct Sensor {
      std::string path;   // the energyN_input file
      std::string label;  // driver name and label, for the report
      uint64_t last = 0;
   };

   explicit HwmonMeter(std::vector<Sensor> sensors);

   std::vector<Sensor> sensors_;
   double total_ = 0;
};

}  // namespace kiln::bench
