#include "ch_quiescent.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace kiln::bench {

ChQuiescentPhase runQuiescentPhase(OlapStream& stream, int runs, EnergyMeter& meter) {
   ChQuiescentPhase phase;
   phase.runsPerQuery = runs;
   std::atomic<bool> done{false};
   std::thread watcher([&] {
      while (!done) {
         stream.watch();
         std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
   });
   double joulesBefore = meter.joules();
   phase.queries = stream.runEachQuery(runs);
   phase.energyJ = meter.joules() - joulesBefore;
   done = true;
   watcher.join();
   for (QueryStats& query : phase.queries.queries) std::sort(query.latencyMs.begin(), query.latencyMs.end());
   return phase;
}

}  // namespace kiln::bench
