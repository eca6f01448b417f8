#include "ch_command.h"

#include "ch_runner.h"

#include <cstdio>
#include <stdexcept>

namespace kiln::bench {

int chCommand(int argc, char** argv) {
   std::optional<ChOptions> options;
   try {
      options = parseChOptions(argc, argv);
   } catch (const std::invalid_argument& error) {
      std::fprintf(stderr, "kiln-bench ch: %s\n%s", error.what(), chUsage().c_str());
      return 2;
   }
   if (!options) {
      std::printf("%s", chUsage().c_str());
      return 0;
   }
   ChReport report;
   try {
      report = runCh(*options);
   } catch (const std::exception& error) {
      std::fprintf(stderr, "kiln-bench ch: %s: %s\n", options->engine.c_str(), error.what());
      return 1;
   }
   if (!writeChReport(report)) return 1;
   // A query that timed out is in the report; one that failed is an error.
   bool queriesRan = true;
   auto checkQueries = [&](const std::vector<QueryStats>& queries, const char* where) {
      for (const QueryStats& query : queries)
         if (!query.error.empty() && !query.timedOut) {
            std::fprintf(stderr, "kiln-bench ch: %s: Q%d failed%s: %s\n", options->engine.c_str(), query.number, where, query.error.c_str());
            queriesRan = false;
         }
   };
   checkQueries(queryTotals(report), "");
   if (report.quiescent) checkQueries(report.quiescent->queries.queries, " in the quiescent phase");
   if (!report.error.empty()) std::fprintf(stderr, "kiln-bench ch: %s: %s\n", options->engine.c_str(), report.error.c_str());
   return report.error.empty() && queriesRan && report.consistent() ? 0 : 1;
}

}  // namespace kiln::bench
