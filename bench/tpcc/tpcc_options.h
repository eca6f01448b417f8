// The command line of `kiln-bench tpcc`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kiln::bench {

struct TpccOptions {
   int warehouses = 5;
   double durationSeconds = 60;
   uint64_t maxTransactions = 0;  // --transactions: stop after this many (0: the duration alone)
   int clients = 1;  // client threads, each with a session of its own
   bool durable = false;  // a database on disk (in a temporary directory) instead of in memory
   bool text = false;     // statements sent as text with their values in it, instead of prepared
   std::string engine = "kiln";                // the engine of one run
   std::vector<std::string> engines = {"kiln"};  // --engine kiln,sqlite: one run each, compared
   std::string jsonFile;
   uint64_t seed = 1;
   double wattsPerCore = 0;  // default: defaultWattsPerCore
   std::string powercapRoot = "/sys/class/powercap";
};

/// Parses the arguments after "tpcc". Returns nullopt for --help; throws std::invalid_argument with a
/// message for anything wrong.
std::optional<TpccOptions> parseTpccOptions(int argc, char** argv);

std::string tpccUsage();

}  // namespace kiln::bench
