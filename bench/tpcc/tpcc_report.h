// Everything one `kiln-bench tpcc` run measured, the figures derived from it, and its text and
// JSON forms.
#pragma once

#include "machine_info.h"
#include "tpcc_driver.h"
#include "tpcc_loader.h"
#include "tpcc_options.h"

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace kiln::bench {

class JsonWriter;

struct TpccReport {
   Machine machine;
   std::string commit;
   TpccOptions options;
   std::string engineVersion;
   std::string database;  // "in memory" or where the files were
   std::string energySource;
   std::string energyDescription;
   bool energyEstimated = false;
   std::vector<std::string> notes;
   std::vector<TpccTableLoad> loads;
   MixResult mix;  // latencies sorted
   double energyJ = 0;  // during the measured run
   bool consistencyChecked = false;
   std::vector<std::string> consistencyFailures;
   std::string error;  // what stopped the run or the check: code, message and statement

   bool consistent() const { return consistencyChecked && consistencyFailures.empty(); }
};

uint64_t totalTransactions(const MixResult& mix);
/// Transactions of every type per second of the measured run.
double throughput(const MixResult& mix);
/// New-Order transactions per minute, the rolled-back ones included.
double tpmC(const MixResult& mix);
/// The nearest-rank percentile of sorted values; NaN when there are none.
double percentile(const std::vector<double>& sorted, double percent);

/// How the clients ran the mix, for the report's driver line.
std::string mixDriverDescription(int clients);
/// Per transaction type: count, rollbacks, share, mean and p50/p95/p99/max latency; `mix` sorted.
void printTransactionTable(const MixResult& mix, std::FILE* out);
void writeTransactionTypesJson(JsonWriter& json, const MixResult& mix);

void printTpccReport(const TpccReport& report, std::FILE* out);
void writeTpccJson(const TpccReport& report, std::ostream& out);

}  // namespace kiln::bench
