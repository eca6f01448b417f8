// kiln-bench SUBCOMMAND [options]: kiln's benchmark runners behind one executable.
// A new runner adds its entry to `subcommands` and its library to kiln-bench.
#include "ch_command.h"
#include "fork_command.h"
#include "tpcc_command.h"
#include "tpch_command.h"

#include <cstdio>
#include <string>

namespace {

struct Subcommand {
   const char* name;
   const char* summary;
   int (*run)(int argc, char** argv);  // argv[0] is the subcommand's name
};

const Subcommand subcommands[] = {
   {"tpch", "TPC-H: load, time the 22 queries, check answers, energy (kiln or SQLite)", kiln::bench::tpchCommand},
   {"tpcc", "TPC-C: populate, run the transaction mix, tx/s, tpmC, latencies, energy, consistency (kiln or SQLite)", kiln::bench::tpccCommand},
   {"ch", "CH-benCHmark: TPC-C alone, then beside streams of 22 analytical queries; the ratio, queries/hour (kiln or SQLite)", kiln::bench::chCommand},
   {"fork", "fork() snapshots: the time of fork(), the writer's copy-on-write cost per update, 4 KiB vs huge pages", kiln::bench::forkCommand},
};

void printUsage(std::FILE* out) {
   std::fprintf(out, "usage: kiln-bench SUBCOMMAND [options]   (kiln-bench SUBCOMMAND --help for its options)\n");
   for (const Subcommand& subcommand : subcommands) std::fprintf(out, "  %-8s %s\n", subcommand.name, subcommand.summary);
}

}  // namespace

int main(int argc, char** argv) {
   if (argc < 2) {
      printUsage(stderr);
      return 2;
   }
   std::string name = argv[1];
   if (name == "-h" || name == "--help") {
      printUsage(stdout);
      return 0;
   }
   for (const Subcommand& subcommand : subcommands)
      if (name == subcommand.name) return subcommand.run(argc - 1, argv + 1);
   std::fprintf(stderr, "kiln-bench: unknown subcommand '%s'\n", name.c_str());
   printUsage(stderr);
   return 2;
}
