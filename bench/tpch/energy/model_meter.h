// The fallback where no energy counter is readable (e.g. in a VM): CPU-seconds of this process, its
// threads and its reaped children (fork snapshots), times a power per busy core. Idle and memory power
// are not counted. Every figure from it is labeled "estimated".
#pragma once

#include "energy_meter.h"

namespace kiln::bench {

class ModelMeter : public EnergyMeter {
   public:
   explicit ModelMeter(double wattsPerCore);

   std::string source() const override { return "model"; }
   bool estimated() const override { return true; }
   double joules() override;
   std::string description() const override;

   /// User + system CPU-seconds of this process (all threads) and its waited-for children.
   static double cpuSeconds();

   private:
   double wattsPerCore_;
   double start_;
};

}  // namespace kiln::bench
