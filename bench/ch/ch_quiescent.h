// The quiescent phase: after phase 2, each query a few times on the first stream's session with
// no transaction running, so that its latency there can be set beside its latency in phase 2.
#pragma once

#include "energy/energy_meter.h"
#include "olap_stream.h"

namespace kiln::bench {

struct ChQuiescentPhase {
   int runsPerQuery = 0;
   OlapStreamResult queries;  // latencies sorted
   double energyJ = 0;
};

/// Runs every query `runs` times on `stream`, cancelling one past the stream's timeout.
ChQuiescentPhase runQuiescentPhase(OlapStream& stream, int runs, EnergyMeter& meter);

}  // namespace kiln::bench
