// Everything one `kiln-bench tpch` run measured, and the figures derived from it.
#pragma once

#include "machine_info.h"
#include "tpch_options.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kiln::bench {

struct TableLoad {
   std::string table;
   uint64_t rows = 0;
   double ms = 0;
};

struct QueryMeasurement {
   int query = 0;
   std::vector<double> totalMs;  // one per timed run
   std::vector<double> compileMs;
   std::vector<double> executeMs;
   double firstCompileMs = 0;  // the warm-up run's, the query's first: the timed runs may find its plan cached
   uint64_t rows = 0;
   std::optional<bool> correct;  // nullopt: no reference answer (or the query failed)
   std::string mismatch;         // how the answer differs, when wrong
   double energyJ = 0;           // per run
   std::string error;            // "SQLSTATE: message" when the query failed

   bool failed() const { return !error.empty(); }
};

struct TpchReport {
   Machine machine;
   std::string commit;
   TpchOptions options;
   std::string engineVersion;
   std::string dataDir;
   std::string energySource;  // powercap, perf, hwmon or model
   std::string energyDescription;
   bool energyEstimated = false;
   std::vector<std::string> notes;  // settings the engine could not honor, and the like
   std::vector<TableLoad> loads;
   std::vector<QueryMeasurement> queries;
};

double median(std::vector<double> values);
double minimum(const std::vector<double>& values);
double maximum(const std::vector<double>& values);

/// Sum of the queries' median times, of those that ran.
double totalMs(const TpchReport& report);
/// Joules of one run of every query that ran.
double totalEnergyJ(const TpchReport& report);
/// (queries per hour) / (average watts) = 3600 * queries / joules; nullopt without energy.
std::optional<double> queriesPerHourPerWatt(const TpchReport& report);
size_t wrongAnswers(const TpchReport& report);
size_t failedQueries(const TpchReport& report);

}  // namespace kiln::bench
