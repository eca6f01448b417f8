#include "fork_options.h"

#include "option_values.h"

#include <stdexcept>

namespace kiln::bench {

namespace {

std::vector<std::string> splitList(const std::string& value) {
   std::vector<std::string> items;
   for (size_t start = 0; start <= value.size();) {
      size_t end = std::min(value.find(',', start), value.size());
      items.push_back(value.substr(start, end - start));
      start = end + 1;
   }
   return items;
}

}  // namespace

const char* pageModeName(PageMode mode) { return mode == PageMode::FourKiB ? "4k" : "huge"; }

std::string forkUsage() {
   return "usage: kiln-bench fork [options]\n"
          "  --sizes GIB,...       databases of one table with this much column data (default 1,\n"
          "                        none when --warehouses is given)\n"
          "  --warehouses N,...    TPC-C databases of N warehouses\n"
          "  --pages 4k,huge       the process without transparent huge pages, and as kiln asks\n"
          "                        for them (default both, one after the other)\n"
          "  --runs N              forks and measured update rounds per database (default 7)\n"
          "  --updates N           single-row updates per round, spread over the table (default 2000)\n"
          "  --json FILE           also write the results as JSON\n";
}

std::optional<ForkOptions> parseForkOptions(int argc, char** argv) {
   ForkOptions options;
   bool sizesGiven = false;
   for (int i = 1; i < argc; ++i) {
      std::string arg = argv[i];
      if (arg == "-h" || arg == "--help") return std::nullopt;
      if (i + 1 >= argc) throw std::invalid_argument("unknown option or missing value: " + arg);
      std::string value = argv[++i];
      if (arg == "--sizes") {
         sizesGiven = true;
         options.sizesGiB.clear();
         for (const std::string& item : splitList(value)) options.sizesGiB.push_back(parseNumber(arg, item, 0.001));
      } else if (arg == "--warehouses") {
         options.warehouses.clear();
         for (const std::string& item : splitList(value)) options.warehouses.push_back(int(parseWhole(arg, item, 1)));
      } else if (arg == "--pages") {
         options.pageModes.clear();
         for (const std::string& item : splitList(value)) {
            if (item != "4k" && item != "huge") throw std::invalid_argument("--pages is 4k or huge (or both), not " + item);
            options.pageModes.push_back(item == "4k" ? PageMode::FourKiB : PageMode::Huge);
         }
      } else if (arg == "--runs") options.runs = int(parseWhole(arg, value, 1));
      else if (arg == "--updates") options.updates = int(parseWhole(arg, value, 1));
      else if (arg == "--json") options.jsonFile = value;
      else throw std::invalid_argument("unknown option: " + arg);
   }
   if (!sizesGiven && options.warehouses.empty()) options.sizesGiB = {1};
   return options;
}

}  // namespace kiln::bench
