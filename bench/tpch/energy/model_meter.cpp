#include "model_meter.h"

#include <sys/resource.h>

#include <cstdio>

namespace kiln::bench {

namespace {

double seconds(const timeval& time) { return double(time.tv_sec) + double(time.tv_usec) * 1e-6; }

}  // namespace

ModelMeter::ModelMeter(double wattsPerCore) : wattsPerCore_(wattsPerCore), start_(cpuSeconds()) {}

double ModelMeter::cpuSeconds() {
   double total = 0;
   for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
      rusage usage{};
      if (getrusage(who, &usage) == 0) total += seconds(usage.ru_utime) + seconds(usage.ru_stime);
   }
   return total;
}

double ModelMeter::joules() { return (cpuSeconds() - start_) * wattsPerCore_; }

std::string ModelMeter::description() const {
   char text[160];
   std::snprintf(text, sizeof(text), "estimated: CPU-seconds x %g W per busy core (--watts-per-core); no energy counter readable", wattsPerCore_);
   return text;
}

}  // namespace kiln::bench
