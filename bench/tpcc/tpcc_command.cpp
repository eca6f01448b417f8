#include "tpcc_command.h"

#include "tpcc_options.h"
#include "tpcc_runner.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <vector>

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

   // One run per engine, one after the other on the same machine and inputs.
   std::vector<TpccReport> reports;
   for (const std::string& engine : options->engines) {
      TpccOptions run = *options;
      run.engine = engine;
      try {
         reports.push_back(runTpcc(run));
      } catch (const std::exception& error) {
         std::fprintf(stderr, "kiln-bench tpcc: %s: %s\n", engine.c_str(), error.what());
         return 1;
      }
      if (reports.size() > 1) std::printf("\n");
      printTpccReport(reports.back(), stdout);
      std::fflush(stdout);
   }
   for (size_t i = 1; i < reports.size(); ++i)
      std::printf("\nratio %s/%s: throughput %.2f, tpmC %.2f (same inputs, one run each)\n", reports[0].options.engine.c_str(),
                  reports[i].options.engine.c_str(), throughput(reports[0].mix) / throughput(reports[i].mix), tpmC(reports[0].mix) / tpmC(reports[i].mix));

   if (!options->jsonFile.empty()) {
      std::ofstream json(options->jsonFile);
      if (reports.size() == 1) {
         writeTpccJson(reports[0], json);
      } else {
         json << "{\"benchmark\": \"tpcc\", \"runs\": [";
         for (size_t i = 0; i < reports.size(); ++i) {
            if (i) json << ", ";
            writeTpccJson(reports[i], json);
         }
         json << "], \"throughput_ratio\": " << throughput(reports[0].mix) / throughput(reports[1].mix) << "}\n";
      }
      if (!json) {
         std::fprintf(stderr, "kiln-bench tpcc: cannot write %s\n", options->jsonFile.c_str());
         return 1;
      }
   }
   bool ok = true;
   for (const TpccReport& report : reports) {
      if (!report.error.empty()) std::fprintf(stderr, "kiln-bench tpcc: %s: %s\n", report.options.engine.c_str(), report.error.c_str());
      ok = ok && report.error.empty() && report.consistent();
   }
   return ok ? 0 : 1;
}

}  // namespace kiln::bench
