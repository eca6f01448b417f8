// The command line of `kiln-bench fork`.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kiln::bench {

/// Which pages the database's memory may have: the process's transparent huge pages switched
/// off (prctl PR_SET_THP_DISABLE), or as the engine asks for them.
enum class PageMode { FourKiB, Huge };
const char* pageModeName(PageMode mode);

struct ForkOptions {
   std::vector<double> sizesGiB;  // databases of one table, by GiB of column data
   std::vector<int> warehouses;   // TPC-C databases
   std::vector<PageMode> pageModes = {PageMode::FourKiB, PageMode::Huge};
   int runs = 7;
   int updates = 2000;  // single-row updates per measured round
   std::string jsonFile;
};

/// Parses the arguments after "fork". Returns nullopt for --help; throws std::invalid_argument with a
/// message for anything wrong.
std::optional<ForkOptions> parseForkOptions(int argc, char** argv);

std::string forkUsage();

}  // namespace kiln::bench
