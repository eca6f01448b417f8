// Everything one `kiln-bench ch` run measured, the figures derived from it, and its text and JSON
// forms.
#pragma once

#include "ch_options.h"
#include "ch_quiescent.h"
#include "ch_snapshots.h"
#include "machine_info.h"
#include "olap_stream.h"
#include "tpcc_driver.h"
#include "tpcc_loader.h"

#include <cstdio>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace kiln::bench {

struct ChPhase {
   MixResult mix;  // latencies sorted
   double energyJ = 0;
};

struct ChReport {
   Machine machine;
   std::string commit;
   ChOptions options;
   int olapThreads = 1;  // what each OLAP stream's session got (ChOptions::olapThreads resolved)
   std::string engineVersion;
   std::string database;  // "in memory" or where the files were
   std::string energySource;
   std::string energyDescription;
   bool energyEstimated = false;
   std::vector<std::string> notes;
   int64_t clockStartMicros = 0, clockEndMicros = 0;  // the simulated clock at the population and at the end
   std::vector<TpccTableLoad> loads;
   ChPhase alone;  // OLTP alone
   ChPhase mixed;  // OLTP beside the OLAP streams
   std::vector<OlapStreamResult> streams;
   std::optional<PhaseSnapshots> mixedSnapshots;  // nullopt: the engine runs no query on a snapshot
   std::optional<ChQuiescentPhase> quiescent;     // nullopt: not run
   bool consistencyChecked = false;  // after the run, on the live database
   std::vector<std::string> consistencyFailures;
   std::string error;  // what stopped the run or a check: code, message and statement
   /// Phase 2 could not end (a query would not stop): the transactions it completed by its deadline.
   std::optional<uint64_t> abandonedTransactions;

   bool consistentDuringRun() const;
   bool consistentAfterRun() const { return consistencyChecked && consistencyFailures.empty(); }
   bool consistent() const { return consistentDuringRun() && consistentAfterRun(); }
};

/// Each query's executions in all streams together, latencies sorted; by query number - 1.
std::vector<QueryStats> queryTotals(const ChReport& report);
/// Queries completed in the mixed phase, by all streams.
uint64_t olapQueries(const ChReport& report);
/// Completed queries per hour of the mixed phase.
double queriesPerHour(const ChReport& report);
/// Transactions per second of the mixed phase (also of one abandoned).
double mixedThroughput(const ChReport& report);

void printChReport(const ChReport& report, std::FILE* out);
void writeChJson(const ChReport& report, std::ostream& out);
/// The text report on stdout and, with --json, the JSON file; false (and a message on stderr)
/// when the file cannot be written.
bool writeChReport(const ChReport& report);

}  // namespace kiln::bench
