// The command line of `kiln-bench tpch`.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kiln::bench {

struct TpchOptions {
   double scaleFactor = 1;
   int threads = 1;  // default: every core (see parseTpchOptions)
   int runs = 5;
   bool planCache = true;  // --plan-cache off: every run compiles
   std::vector<int> queries;  // default: 1..22
   std::string dataRoot;      // generated data is cached in <dataRoot>/sf<N>/
   std::string dataDir;       // or: the .tbl files are exactly here (no generation)
   std::string jsonFile;
   std::string engine = "kiln";
   double timeoutSeconds = 60;  // SQLite only: kiln has no way to cancel a query yet
   double wattsPerCore = 0;     // default: defaultWattsPerCore
   std::string powercapRoot = "/sys/class/powercap";
   bool allowErrors = false;
   std::string sharedDir;  // schema, queries, answers
   std::string tpchgen;    // the tpchgen-cli executable
};

/// Parses the arguments after "tpch". Returns nullopt for --help; throws std::invalid_argument with a
/// message for anything wrong.
std::optional<TpchOptions> parseTpchOptions(int argc, char** argv);

std::string tpchUsage();

}  // namespace kiln::bench
