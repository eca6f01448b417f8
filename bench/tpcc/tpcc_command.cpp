#include "tpcc_command.h"

#include "tpcc_options.h"
#include "tpcc_runner.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace kiln::bench {

int tpccCommand(int argc, char** argv) {
   std::optional<TpccOptions> options;
   try {
      options = parseTpccOptions(argc, argv);
   } catch (const std::invalid_argument& error) {
      std::fprintf(stderr, "kiln-bench tpcc: %s\n%s", error.what(), tpccUsage().c_str());
      return 2;
   }
   if (!options) {
      std::printf("%s", tpccUsage().c_str());
      return 0;
   }

   TpccReport report;
   try {
      report = runTpcc(*options);
   } catch (const std::exception& error) {
      std::fprintf(stderr, "kiln-bench tpcc: %s\n", error.what());
      return 1;
   }
   printTpccReport(report, stdout);
   std::fflush(stdout);

   if (!options->jsonFile.empty()) {
      std::ofstream json(options->jsonFile);
      writeTpccJson(report, json);
      if (!json) {
         std::fprintf(stderr, "kiln-bench tpcc: cannot write %s\n", options->jsonFile.c_str());
         return 1;
      }
   }
   if (!report.error.empty()) std::fprintf(stderr, "kiln-bench tpcc: %s\n", report.error.c_str());
   return report.error.empty() && report.consistent() ? 0 : 1;
}

}  // namespace kiln::bench
