// kiln_sqllogictest [--shared DIR] [--data DIR] [--testdir DIR] [--threads N] FILE...
// Runs sqllogictest scripts, each on a fresh in-memory database, and ends with "N passed, N failed".
#include "runner.h"

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
   kiln::sqllogictest::RunnerOptions options{KILN_DEFAULT_SHARED_DIR, KILN_DEFAULT_TPCH_DATA_DIR, KILN_DEFAULT_TEST_DIR};
   std::vector<std::string> files;
   for (int i = 1; i < argc; ++i) {
      std::string arg = argv[i];
      if ((arg == "--shared" || arg == "--data" || arg == "--testdir") && i + 1 < argc) {
         (arg == "--shared" ? options.sharedDir : arg == "--data" ? options.dataDir : options.testDir) = argv[++i];
      } else if (arg == "--threads" && i + 1 < argc) {
         options.threads = std::atoi(argv[++i]);
      } else if (arg.starts_with("--")) {
         std::cerr << "usage: kiln_sqllogictest [--shared DIR] [--data DIR] [--testdir DIR] [--threads N] FILE...\n";
         return 2;
      } else {
         files.push_back(arg);
      }
   }
   if (files.empty()) {
      std::cerr << "usage: kiln_sqllogictest [--shared DIR] [--data DIR] [--testdir DIR] [--threads N] FILE...\n";
      return 2;
   }

   kiln::sqllogictest::Tally total;
   for (const std::string& file : files) {
      kiln::sqllogictest::Tally tally;
      try {
         tally = kiln::sqllogictest::runScript(file, options);
      } catch (const std::exception& error) {  // the database itself failed to open or close
         std::cout << file << ": " << error.what() << "\n";
         tally.failed += 1;
      }
      total.passed += tally.passed;
      total.failed += tally.failed;
   }
   std::cout << total.passed << " passed, " << total.failed << " failed\n";
   return total.failed == 0 ? 0 : 1;
}
