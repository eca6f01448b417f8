// The command line of `kiln-bench ch`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace kiln::bench {

struct ChOptions {
   int warehouses = 5;
   double durationSeconds = 60;  // of each phase: OLTP alone, then OLTP beside the OLAP streams
   int olapStreams = 1;
   int oltpClients = 1;
   int olapThreads = 0;  // SET threads of each OLAP stream's session; 0: the cores left by the OLTP clients, at least 1
   double queryTimeoutSeconds = 10;  // a query running longer is cancelled and left out of later rounds
   int quiescentRuns = 3;            // of each query after phase 2, with no transaction running (0: none)
   bool durable = false;  // a database on disk (in a temporary directory) instead of in memory
   std::string engine = "kiln";
   std::string jsonFile;
   uint64_t seed = 1;
   double wattsPerCore = 0;  // default: defaultWattsPerCore
   std::string powercapRoot = "/sys/class/powercap";
   std::string sharedDir = KILN_SHARED_DIR;  // chbench/: the queries and the extra tables
};

/// Parses the arguments after "ch". Returns nullopt for --help; throws std::invalid_argument with a
/// message for anything wrong.
std::optional<ChOptions> parseChOptions(int argc, char** argv);

std::string chUsage();

}  // namespace kiln::bench
