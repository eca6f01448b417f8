#include "fork_measurement.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace kiln::bench {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

long minorFaults() {
   rusage usage{};
   getrusage(RUSAGE_SELF, &usage);
   return usage.ru_minflt;
}

pid_t forkOrThrow() {
   pid_t child = fork();
   if (child < 0) throw std::runtime_error("fork failed");
   return child;
}

/// The time of fork() in the parent; the child exits at once.
double timeFork() {
   auto start = Clock::now();
   pid_t child = forkOrThrow();
   if (child == 0) _exit(0);
   double ms = msSince(start);
   waitpid(child, nullptr, 0);
   return ms;
}

/// A child that holds the snapshot (shares every page) until the parent lets it go.
class SnapshotChild {
   public:
   SnapshotChild() {
      int ends[2];
      if (pipe(ends) != 0) throw std::runtime_error("pipe failed");
      child_ = forkOrThrow();
      if (child_ == 0) {
         close(ends[1]);
         char byte;
         while (read(ends[0], &byte, 1) > 0) {}
         _exit(0);
      }
      close(ends[0]);
      release_ = ends[1];
   }
   ~SnapshotChild() {
      close(release_);
      waitpid(child_, nullptr, 0);
   }
   SnapshotChild(const SnapshotChild&) = delete;
   SnapshotChild& operator=(const SnapshotChild&) = delete;

   private:
   pid_t child_;
   int release_;
};

struct Round {
   double usPerUpdate;
   double faultsPerUpdate;
};

/// `updates` updates at positions evenly spread, starting `offset` positions in.
Round updateRound(ForkDatabase& database, int updates, uint64_t offset) {
   uint64_t stride = std::max<uint64_t>(1, database.positions() / uint64_t(updates));
   long faults = minorFaults();
   auto start = Clock::now();
   for (int i = 0; i < updates; ++i) database.update((offset + uint64_t(i) * stride) % database.positions());
   double ms = msSince(start);
   return {1000 * ms / updates, double(minorFaults() - faults) / updates};
}

}  // namespace

double medianOfRuns(std::vector<double> values) {
   if (values.empty()) return 0;
   std::sort(values.begin(), values.end());
   size_t middle = values.size() / 2;
   return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

ForkMeasurement measureFork(ForkDatabase& database, int runs, int updates) {
   ForkMeasurement result;
   result.memory = readProcessMemory();
   for (int run = 0; run < runs; ++run) result.forkMs.push_back(timeFork());
   // A round first that is not measured: the statement's first runs and the index's lookup cache.
   updateRound(database, updates, 1);
   for (int run = 0; run < runs; ++run) {
      // The same rows without a child and with one; other rows (other pages) each run.
      uint64_t offset = uint64_t(run) * 601 + 2;
      Round alone = updateRound(database, updates, offset);
      result.updateUsAlone.push_back(alone.usPerUpdate);
      result.faultsPerUpdateAlone.push_back(alone.faultsPerUpdate);
      SnapshotChild child;
      Round shared = updateRound(database, updates, offset);
      result.updateUsShared.push_back(shared.usPerUpdate);
      result.faultsPerUpdateShared.push_back(shared.faultsPerUpdate);
   }
   result.memoryAfterUpdates = readProcessMemory();
   for (int run = 0; run < runs; ++run) result.forkMsAfterUpdates.push_back(timeFork());
   return result;
}

}  // namespace kiln::bench
