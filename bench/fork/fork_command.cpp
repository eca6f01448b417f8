#include "fork_command.h"

#include "fork_report.h"
#include "isolated_measurement.h"

#include <cstdio>
#include <fstream>
#include <functional>
#include <stdexcept>

namespace kiln::bench {

namespace {

std::string firstLine(const char* path) {
   std::ifstream file(path);
   std::string line;
   std::getline(file, line);
   return line;
}

}  // namespace

int forkCommand(int argc, char** argv) {
   std::optional<ForkOptions> options;
   try {
      options = parseForkOptions(argc, argv);
   } catch (const std::invalid_argument& error) {
      std::fprintf(stderr, "kiln-bench fork: %s\n%s", error.what(), forkUsage().c_str());
      return 2;
   }
   if (!options) {
      std::printf("%s", forkUsage().c_str());
      return 0;
   }
   ForkReport report;
   report.machine = describeMachine();
   report.commit = gitCommit(KILN_SOURCE_DIR);
   report.transparentHugePages = "enabled " + firstLine("/sys/kernel/mm/transparent_hugepage/enabled") + ", defrag " +
                                 firstLine("/sys/kernel/mm/transparent_hugepage/defrag");
   report.options = *options;
   printForkHeader(report, stdout);

   std::vector<std::function<std::unique_ptr<ForkDatabase>()>> loads;
   for (double gib : options->sizesGiB) loads.push_back([gib] { return loadFillerDatabase(gib); });
   for (int warehouses : options->warehouses) loads.push_back([warehouses] { return loadTpccDatabase(warehouses); });
   try {
      for (const auto& load : loads)
         for (PageMode mode : options->pageModes) {
            report.results.push_back(measureIsolated(mode, *options, load));
            printForkResult(report.results.back(), stdout);
            std::fflush(stdout);
         }
   } catch (const std::exception& error) {
      std::fprintf(stderr, "kiln-bench fork: %s\n", error.what());
      return 1;
   }
   if (!options->jsonFile.empty()) {
      std::ofstream json(options->jsonFile);
      writeForkJson(report, json);
      if (!json) {
         std::fprintf(stderr, "kiln-bench fork: cannot write %s\n", options->jsonFile.c_str());
         return 1;
      }
   }
   return 0;
}

}  // namespace kiln::bench
