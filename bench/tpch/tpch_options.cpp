#include "tpch_options.h"

#include "energy/energy_meter.h"
#include "option_values.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace kiln::bench {

namespace {

int parseCount(const std::string& option, const std::string& text) {
   uint64_t value = parseWhole(option, text, 1);
   if (value > uint64_t(INT32_MAX)) throw std::invalid_argument(option + " wants at most " + std::to_string(INT32_MAX) + ", not " + text);
   return int(value);
}

std::vector<int> parseQueryList(const std::string& text) {
   std::vector<int> queries;
   std::stringstream list(text);
   for (std::string item; std::getline(list, item, ',');) {
      int query = parseCount("--queries", item);
      if (query > 22) throw std::invalid_argument("--queries: TPC-H has queries 1 to 22, not " + item);
      queries.push_back(query);
   }
   if (queries.empty()) throw std::invalid_argument("--queries wants a list such as 1,6");
   return queries;
}

}  // namespace

std::string tpchUsage() {
   return "usage: kiln-bench tpch [options]\n"
          "  --sf N                scale factor (default 1)\n"
          "  --threads N           worker threads (default: every core)\n"
          "  --runs N              timed runs per query, after one warm-up run (default 5)\n"
          "  --plan-cache on|off   off: every run compiles, as the first does (default on)\n"
          "  --queries 1,6,...     which of the 22 queries (default all)\n"
          "  --data DIR            data cache: DIR/sf<N>/*.tbl, generated with tpchgen-cli when missing\n"
          "                        (default <repo>/build/tpch-data)\n"
          "  --data-dir DIR        the .tbl files are in DIR itself (never generated); --sf must match them\n"
          "  --json FILE           also write the results as JSON\n"
          "  --engine kiln|sqlite  which engine runs the queries (default kiln)\n"
          "  --timeout SECONDS     per-query time limit for SQLite (default 60; 0 = none)\n"
          "  --watts-per-core W    energy model when no counter is readable (default 15)\n"
          "  --powercap-root DIR   where to look for RAPL zones (default /sys/class/powercap)\n"
          "  --allow-errors        a query that fails does not fail the run (wrong answers still do)\n"
          "  --shared DIR          the project's shared/ directory (schema, queries, answers)\n"
          "  --tpchgen PATH        the tpchgen-cli executable (default <repo>/.venv/bin/tpchgen-cli)\n";
}

std::optional<TpchOptions> parseTpchOptions(int argc, char** argv) {
   TpchOptions options;
   options.threads = int(std::max(1u, std::thread::hardware_concurrency()));
   options.wattsPerCore = defaultWattsPerCore;
   options.dataRoot = KILN_SOURCE_DIR "/build/tpch-data";
   options.sharedDir = KILN_SHARED_DIR;
   options.tpchgen = KILN_SOURCE_DIR "/.venv/bin/tpchgen-cli";
   for (int q = 1; q <= 22; ++q) options.queries.push_back(q);

   for (int i = 1; i < argc; ++i) {
      std::string arg = argv[i];
      if (arg == "-h" || arg == "--help") return std::nullopt;
      if (arg == "--allow-errors") {
         options.allowErrors = true;
         continue;
      }
      if (i + 1 >= argc) throw std::invalid_argument("unknown option or missing value: " + arg);
      std::string value = argv[++i];
      if (arg == "--sf") {
         options.scaleFactor = parseNumber(arg, value, 0);
         if (options.scaleFactor <= 0) throw std::invalid_argument("--sf wants a positive scale factor");
      } else if (arg == "--threads") options.threads = parseCount(arg, value);
      else if (arg == "--runs") options.runs = parseCount(arg, value);
      else if (arg == "--plan-cache") {
         if (value != "on" && value != "off") throw std::invalid_argument("--plan-cache is on or off, not " + value);
         options.planCache = value == "on";
      } else if (arg == "--queries") options.queries = parseQueryList(value);
      else if (arg == "--data") options.dataRoot = value;
      else if (arg == "--data-dir") options.dataDir = value;
      else if (arg == "--json") options.jsonFile = value;
      else if (arg == "--engine") {
         if (value != "kiln" && value != "sqlite") throw std::invalid_argument("--engine is kiln or sqlite, not " + value);
         options.engine = value;
      } else if (arg == "--timeout") options.timeoutSeconds = parseNumber(arg, value, 0);
      else if (arg == "--watts-per-core") options.wattsPerCore = parseNumber(arg, value, 0);
      else if (arg == "--powercap-root") options.powercapRoot = value;
      else if (arg == "--shared") options.sharedDir = value;
      else if (arg == "--tpchgen") options.tpchgen = value;
      else throw std::invalid_argument("unknown option: " + arg);
   }
   return options;
}

}  // namespace kiln::bench
