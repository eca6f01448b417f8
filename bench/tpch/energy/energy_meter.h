// Where the joules of a benchmark come from: a hardware counter, or a model where none is readable.
#pragma once

#include <memory>
#include <string>

namespace kiln::bench {

/// A cumulative energy reading. Differences of two readings are the joules spent in between.
class EnergyMeter {
   public:
   virtual ~EnergyMeter() = default;
   /// "powercap", "perf", "hwmon" or "model".
   virtual std::string source() const = 0;
   /// True when the figures are computed from a model rather than measured.
   virtual bool estimated() const = 0;
   /// Joules since the meter was created (counter wraparound already accounted for).
   virtual double joules() = 0;
   /// One line saying what exactly is measured, for the report.
   virtual std::string description() const = 0;
};

/// The default of --watts-per-core for the model: a current x86 server or desktop part draws about
/// 10-20 W of package power per fully busy core, its share of the uncore included (280 W / 32 cores,
/// 105 W / 8 cores).
constexpr double defaultWattsPerCore = 15.0;

struct EnergyOptions {
   std::string powercapRoot = "/sys/class/powercap";
   std::string hwmonRoot = "/sys/class/hwmon";
   double wattsPerCore = defaultWattsPerCore;
};

/// The first readable source of: powercap (RAPL), perf's power events, hwmon energy sensors; else the model.
std::unique_ptr<EnergyMeter> openEnergyMeter(const EnergyOptions& options);

}  // namespace kiln::bench
