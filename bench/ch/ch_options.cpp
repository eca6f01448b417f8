#include "ch_options.h"

#include "energy/energy_meter.h"
#include "option_values.h"

#include <stdexcept>

namespace kiln::bench {

std::string chUsage() {
   return "usage: kiln-bench ch [options]\n"
          "  --warehouses N        scale: TPC-C warehouses to populate (default 5)\n"
          "  --duration SECONDS    length of each phase: OLTP alone, then OLTP and OLAP (default 60)\n"
          "  --olap-streams N      analytical streams looping over the 22 queries (default 1)\n"
          "  --oltp-clients N      TPC-C client threads, each on a session of its own (default 1)\n"
          "  --olap-threads N      threads each analytical query may run on (SET threads; default:\n"
          "                        the cores this process may use less the OLTP clients, at least 1)\n"
          "  --query-timeout S     cancel a query running longer than S seconds, report it as timed\n"
          "                        out and leave it out of the later rounds (default 10)\n"
          "  --quiescent-runs N    after phase 2, run each query N times with no transaction running,\n"
          "                        to compare with its latency in phase 2 (default 3; 0: skip)\n"
          "  --durable             a database on disk, in a temporary directory (default: in memory)\n"
          "  --engine kiln|sqlite  which engine runs the mix (default kiln); SQLite runs in WAL mode\n"
          "  --json FILE           also write the results as JSON\n"
          "  --seed N              seed of the random inputs and population (default 1)\n"
          "  --shared DIR          the project's shared directory, with chbench/ (default " KILN_SHARED_DIR
          ")\n"
          "  --watts-per-core W    energy model when no counter is readable (default 15)\n"
          "  --powercap-root DIR   where to look for RAPL zones (default /sys/class/powercap)\n";
}

std::optional<ChOptions> parseChOptions(int argc, char** argv) {
   ChOptions options;
   options.wattsPerCore = defaultWattsPerCore;
   for (int i = 1; i < argc; ++i) {
      std::string arg = argv[i];
      if (arg == "-h" || arg == "--help") return std::nullopt;
      if (arg == "--durable") {
         options.durable = true;
         continue;
      }
      if (i + 1 >= argc) throw std::invalid_argument("unknown option or missing value: " + arg);
      std::string value = argv[++i];
      if (arg == "--warehouses") {
         uint64_t warehouses = parseWhole(arg, value, 1);
         if (warehouses > 10000) throw std::invalid_argument("--warehouses wants at most 10000, not " + value);
         options.warehouses = int(warehouses);
      } else if (arg == "--duration") {
         options.durationSeconds = parseNumber(arg, value, 0);
         if (options.durationSeconds <= 0) throw std::invalid_argument("--duration wants a positive number of seconds");
      } else if (arg == "--olap-threads") {
         options.olapThreads = std::stoi(value);
         if (options.olapThreads < 1 || options.olapThreads > 1024) throw std::invalid_argument("--olap-threads wants 1 to 1024, not " + value);
      } else if (arg == "--olap-streams" || arg == "--oltp-clients") {
         uint64_t count = parseWhole(arg, value, 1);
         if (count > 64) throw std::invalid_argument(arg + " wants at most 64, not " + value);
         (arg == "--olap-streams" ? options.olapStreams : options.oltpClients) = int(count);
      } else if (arg == "--quiescent-runs") {
         uint64_t runs = parseWhole(arg, value, 0);
         if (runs > 1000) throw std::invalid_argument("--quiescent-runs wants at most 1000, not " + value);
         options.quiescentRuns = int(runs);
      } else if (arg == "--query-timeout") {
         options.queryTimeoutSeconds = parseNumber(arg, value, 0);
         if (options.queryTimeoutSeconds <= 0) throw std::invalid_argument("--query-timeout wants a positive number of seconds");
      } else if (arg == "--engine") {
         if (value != "kiln" && value != "sqlite") throw std::invalid_argument("--engine is kiln or sqlite, not " + value);
         options.engine = value;
      } else if (arg == "--json") options.jsonFile = value;
      else if (arg == "--seed") options.seed = parseWhole(arg, value, 0);
      else if (arg == "--shared") options.sharedDir = value;
      else if (arg == "--watts-per-core") options.wattsPerCore = parseNumber(arg, value, 0);
      else if (arg == "--powercap-root") options.powercapRoot = value;
      else throw std::invalid_argument("unknown option: " + arg);
   }
   return options;
}

}  // namespace kiln::bench
