// kiln_fuzz: a differential fuzzer. It generates random PostgreSQL statements over small tables
// of every type, runs each case on kiln (in a forked child) and on a PostgreSQL 15 server, and
// reports any difference in rows or error class, any crash, hang or internal error of kiln, with a
// shrunk script that reproduces it. Run it beside a server with test/fuzz/with_postgres.sh.
#include "fuzzer.h"
#include "postgres_runner.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <random>
#include <sstream>

namespace {

using namespace kiln::fuzz;

std::atomic<bool> stopRequested{false};

void requestStop(int) { stopRequested = true; }

void usage(std::ostream& out) {
   out << "usage: kiln_fuzz [options]   (PostgreSQL from PGHOST, PGPORT, ... or --postgres)\n"
          "  --seed N|random     the run's seed (default 1); case i of a seed is always the same case\n"
          "  --budget SECONDS    stop starting cases after this long (default 180)\n"
          "  --cases N           run at most N cases (default: no limit)\n"
          "  --case N            run only case N, printing its script\n"
          "  --keep-going        go on after a failure (default: stop at the first)\n"
          "  --enable A,B|all    turn on switches (constructs off until known bugs are fixed)\n"
          "  --list-switches     print the switches and the bugs they wait for\n"
          "  --print             print every case's script\n"
          "  --no-shrink         print failing cases as generated\n"
          "  --postgres CONN     libpq connection string\n";
}

bool setSwitches(Switches& switches, const std::string& names) {
   std::stringstream in(names);
   std::string name;
   while (std::getline(in, name, ',')) {
      if (name == "all") {
         for (const Switches::Entry& entry : Switches::entries()) switches.*entry.flag = true;
      } else if (!switches.set(name, true)) {
         std::cerr << "kiln_fuzz: no switch " << name << " (see --list-switches)\n";
         return false;
      }
   }
   return true;
}

}  // namespace

int main(int argc, char** argv) {
   FuzzerOptions options;
   bool randomSeed = false, keepGoing = false;
   double budget = 180;
   uint64_t maxCases = UINT64_MAX;
   int64_t onlyCase = -1;
   std::string connection;
   for (int i = 1; i < argc; ++i) {
      std::string arg = argv[i];
      auto value = [&]() -> std::string {
         if (i + 1 >= argc) {
            std::cerr << "kiln_fuzz: " << arg << " needs a value\n";
            std::exit(2);
         }
         return argv[++i];
      };
      try {
         if (arg == "--seed") {
            std::string seed = value();
            randomSeed = seed == "random";
            if (!randomSeed) options.seed = std::stoull(seed);
         } else if (arg == "--budget") {
            budget = std::stod(value());
         } else if (arg == "--cases") {
            maxCases = std::stoull(value());
         } else if (arg == "--case") {
            onlyCase = std::stoll(value());
         } else if (arg == "--keep-going") {
            keepGoing = true;
         } else if (arg == "--enable") {
            if (!setSwitches(options.switches, value())) return 2;
         } else if (arg == "--list-switches") {
            for (const Switches::Entry& entry : Switches::entries()) std::cout << entry.name << ": " << entry.why << "\n";
            return 0;
         } else if (arg == "--print") {
            options.printCases = true;
         } else if (arg == "--no-shrink") {
            options.shrink = false;
         } else if (arg == "--postgres") {
            connection = value();
         } else {
            usage(arg == "--help" ? std::cout : std::cerr);
            return arg == "--help" ? 0 : 2;
         }
      } catch (const std::exception&) {
         std::cerr << "kiln_fuzz: bad value for " << arg << "\n";
         return 2;
      }
   }
   if (randomSeed) options.seed = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
   std::signal(SIGINT, requestStop);
   std::signal(SIGTERM, requestStop);

   try {
      PostgresSession postgres(connection);
      Fuzzer fuzzer(options, postgres, std::cout);
      if (onlyCase >= 0) {
         options.printCases = true;
         bool ok = fuzzer.runCase(uint64_t(onlyCase));
         std::cout << (ok ? "-- the same in both (or not supported / skipped)\n" : "");
         return ok ? 0 : 1;
      }
      std::cout << "kiln_fuzz: seed " << options.seed << ", budget " << budget << " s, switches on: " << options.switches.describeOn() << std::endl;
      auto start = std::chrono::steady_clock::now();
      auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
      double nextProgress = 30;
      for (uint64_t index = 0; index < maxCases && !stopRequested && elapsed() < budget; ++index) {
         bool ok = fuzzer.runCase(index);
         if (stopRequested) break;
         if (!ok && !keepGoing) break;
         if (elapsed() >= nextProgress) {
            const Statistics& s = fuzzer.statistics();
            std::cout << "[" << uint64_t(elapsed()) << " s] " << s.cases << " cases, " << s.failures << " failures, " << s.unsupported << " not supported"
                      << std::endl;
            nextProgress += 30;
         }
      }
      std::cout << "kiln_fuzz: seed " << options.seed << ": ";
      fuzzer.statistics().print(std::cout, elapsed());
      if (stopRequested) return 130;
      return fuzzer.statistics().failures ? 1 : 0;
   } catch (const std::exception& e) {
      std::cerr << "kiln_fuzz: " << e.what() << "\n";
      return 2;
   }
}
