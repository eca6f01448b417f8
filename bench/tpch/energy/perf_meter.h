// RAPL through perf's "power" PMU (energy-pkg), readable where powercap's files are root-only but
// perf_event_paranoid allows system-wide events (or with CAP_PERFMON).
#pragma once

#include "energy_meter.h"

#include <vector>

namespace kiln::bench {

class PerfMeter : public EnergyMeter {
   public:
   /// Returns nullptr when the power PMU is absent or its events cannot be opened.
   static std::unique_ptr<PerfMeter> open();
   ~PerfMeter() override;

   std::string source() const override { return "perf"; }
   bool estimated() const override { return false; }
   double joules() override;
   std::string description() const override;

   private:
   PerfMeter(std::vector<int> descriptors, double scale);

   std::vector<int> descriptors_;  // one per package (the PMU's cpumask names one CPU each)
   double scale_;                  // joules per count
   double start_ = 0;
};

}  // namespace kiln::bench
