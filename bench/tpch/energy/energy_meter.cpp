#include "energy_meter.h"

#include "hwmon_meter.h"
#include "model_meter.h"
#include "perf_meter.h"
#include "powercap_meter.h"

namespace kiln::bench {

std::unique_ptr<EnergyMeter> openEnergyMeter(const EnergyOptions& options) {
   if (auto meter = PowercapMeter::open(options.powercapRoot)) return meter;
   if (auto meter = PerfMeter::open()) return meter;
   if (auto meter = HwmonMeter::open(options.hwmonRoot)) return meter;
   return std::make_unique<ModelMeter>(options.wattsPerCore);
}

}  // namespace kiln::bench
