#include "tpch_command.h"

#include "report_json.h"
#include "report_printer.h"
#include "tpch_runner.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace kiln::bench {

int tpchCommand(int argc, char** argv) {
   std::optional<TpchOptions> options;
   try {
      options = parseTpchOptions(argc, argv);
   } catch (const std::invalid_argument& error) {
      std::fprintf(stderr, "kiln-bench tpch: %s\n%s", error.what(), tpchUsage().c_str());
      return 2;
   }
   if (!options) {
      std::printf("%s", tpchUsage().c_str());
      return 0;
   }

   TpchReport report;
   try {
      report = runTpch(*options);
   } catch (const std::exception& error) {
      std::fprintf(stderr, "kiln-bench tpch: %s\n", error.what());
      return 1;
   }
   printReport(report, stdout);
   std::fflush(stdout);

   if (!options->jsonFile.empty()) {
      std::ofstream json(options->jsonFile);
      writeReportJson(report, json);
      if (!json) {
         std::fprintf(stderr, "kiln-bench tpch: cannot write %s\n", options->jsonFile.c_str());
         return 1;
      }
   }

   size_t wrong = wrongAnswers(report), failed = failedQueries(report);
   if (wrong) std::fprintf(stderr, "kiln-bench tpch: %zu WRONG ANSWER%s\n", wrong, wrong == 1 ? "" : "S");
   if (failed && !options->allowErrors)
      std::fprintf(stderr, "kiln-bench tpch: %zu quer%s failed (--allow-errors to accept)\n", failed, failed == 1 ? "y" : "ies");
   return wrong || (failed && !options->allowErrors) ? 1 : 0;
}

}  // namespace kiln::bench
