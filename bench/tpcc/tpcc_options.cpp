#include "tpcc_options.h"

#include <algorithm>

#include "energy/energy_meter.h"
#include "option_values.h"

#include <stdexcept>

namespace kiln::bench {

std::string tpccUsage() {
   return "usage: kiln-bench tpcc [options]\n"
          "  --warehouses N        scale: warehouses to populate (default 5)\n"
          "  --duration SECONDS    length of the measured run (default 60)\n"
          "  --transactions N      stop after N transactions, if the duration has not ended before\n"
          "                        (a fixed amount of work, for profiles that compare builds)\n"
          "  --clients N           client threads, each on a session of its own (default 1); the\n"
          "                        engine runs their transactions one at a time\n"
          "  --durable             a database on disk, in a temporary directory (default: in memory)\n"
          "  --text                statements sent as SQL text with their values written in, as by an\n"
          "                        application that prepares nothing (default: prepared statements)\n"
          "  --engine kiln|sqlite  which engine runs the transactions (default kiln); a list such as\n"
          "                        kiln,sqlite runs each in turn and prints their ratio\n"
          "  --json FILE           also write the results as JSON\n"
          "  --seed N              seed of the random inputs and population (default 1)\n"
          "  --watts-per-core W    energy model when no counter is readable (default 15)\n"
          "  --powercap-root DIR   where to look for RAPL zones (default /sys/class/powercap)\n";
}

std::optional<TpccOptions> parseTpccOptions(int argc, char** argv) {
   TpccOptions options;
   options.wattsPerCore = defaultWattsPerCore;
   for (int i = 1; i < argc; ++i) {
      std::string arg = argv[i];
      if (arg == "-h" || arg == "--help") return std::nullopt;
      if (arg == "--durable") {
         options.durable = true;
         continue;
      }
      if (arg == "--text") {
         options.text = true;
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
      } else if (arg == "--clients") {
         uint64_t clients = parseWhole(arg, value, 1);
         if (clients > 256) throw std::invalid_argument("--clients wants at most 256, not " + value);
         options.clients = int(clients);
      } else if (arg == "--transactions") {
         options.maxTransactions = parseWhole(arg, value, 1);
      } else if (arg == "--engine") {
         options.engines.clear();
         for (size_t start = 0; start <= value.size();) {
            size_t end = std::min(value.find(',', start), value.size());
            std::string engine = value.substr(start, end - start);
            if (engine != "kiln" && engine != "sqlite") throw std::invalid_argument("--engine is kiln or sqlite (or a list of them), not " + engine);
            if (std::find(options.engines.begin(), options.engines.end(), engine) != options.engines.end())
               throw std::invalid_argument("--engine names " + engine + " twice");
            options.engines.push_back(engine);
            start = end + 1;
         }
         options.engine = options.engines.front();
      } else if (arg == "--json") options.jsonFile = value;
      else if (arg == "--seed") options.seed = parseWhole(arg, value, 0);
      else if (arg == "--watts-per-core") options.wattsPerCore = parseNumber(arg, value, 0);
      else if (arg == "--powercap-root") options.powercapRoot = value;
      else throw std::invalid_argument("unknown option: " + arg);
   }
   return options;
}

}  // namespace kiln::bench
