#include "ch_runner.h"

#include "ch_clock.h"
#include "ch_database.h"
#include "ch_quiescent.h"
#include "energy/energy_meter.h"
#include "kiln_tpcc_engine.h"
#include "progress.h"
#include "sqlite_tpcc_engine.h"
#include "tpcc_consistency.h"
#include "tpcc_setup.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <thread>

namespace kiln::bench {

namespace {

/// kiln in memory or in `directory`; SQLite always in a file in `directory` (WAL mode needs one),
/// which for a run in memory is on a RAM disk.
std::unique_ptr<TpccEngine> openEngine(const ChOptions& options, const std::string& directory) {
   try {
      if (options.engine == "sqlite") return std::make_unique<SqliteTpccEngine>(directory + "/ch.sqlite", SqliteTpccEngine::Journal::WriteAheadLog);
      return std::make_unique<KilnTpccEngine>(options.durable ? directory : ":memory:");
   } catch (const TpccError& error) {
      throw std::runtime_error("cannot open the database: " + describe(error));
   }
}

/// Where the database's files go: the temporary directory on disk, or /dev/shm for SQLite's file
/// when the run is in memory.
std::optional<TemporaryDirectory> databaseDirectory(const ChOptions& options) {
   if (options.durable) return std::make_optional<TemporaryDirectory>();
   if (options.engine != "sqlite") return std::nullopt;
   return std::make_optional<TemporaryDirectory>(std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "");
}

using Clock = std::chrono::steady_clock;

/// How long a cancelled query may take to stop before the run is given up.
constexpr auto cancelGrace = std::chrono::seconds(30);

/// A query that does not stop when cancelled holds the writer's turn, so the transactions of the
/// phase (and this process) cannot go on: the report of what the run did is written here, from
/// the thread that found it out, and the process ends with status 1.
[[noreturn]] void abandonRun(const ChReport& report, const std::vector<std::unique_ptr<OlapStream>>& streams, uint64_t transactionsInPhase, int64_t clockNow,
                             int query, std::optional<PhaseSnapshots> snapshots) {
   ChReport partial = report;
   partial.mixedSnapshots = snapshots;
   for (const std::unique_ptr<OlapStream>& stream : streams) {
      partial.streams.push_back(stream->result());
      partial.streams.back().elapsedSeconds = report.options.durationSeconds;
   }
   partial.abandonedTransactions = transactionsInPhase;
   partial.mixed.mix.elapsedSeconds = report.options.durationSeconds;
   partial.clockEndMicros = clockNow;
   partial.error = "phase 2 abandoned: Q" + std::to_string(query) + " did not stop within " + std::to_string(cancelGrace.count()) +
                   " s of its cancel, and while it runs no transaction can";
   writeChReport(partial);
   std::fprintf(stderr, "kiln-bench ch: %s: %s\n", report.options.engine.c_str(), partial.error.c_str());
   std::_Exit(1);
}

/// The OLTP mix for one phase, and the joules spent meanwhile.
ChPhase runPhase(const TpccClients& clients, const ChOptions& options, EnergyMeter& meter, std::atomic<uint64_t>* completed = nullptr,
                 const std::function<void()>& alongside = {}) {
   ChPhase phase;
   double joulesBefore = meter.joules();
   phase.mix = runMix(clients.clients(), options.warehouses, options.durationSeconds, 0, completed);
   if (alongside) alongside();
   phase.energyJ = meter.joules() - joulesBefore;
   sortLatencies(phase.mix);
   return phase;
}

/// Phase 2: the mix beside the streams, which end with it.
void runMixedPhase(ChReport& report, const TpccEngine& engine, const TpccClients& clients, const std::vector<std::unique_ptr<OlapStream>>& streams,
                   EnergyMeter& meter, const TpccClock& clock) {
   const ChOptions& options = report.options;
   std::optional<SnapshotCounters> snapshotsBefore = engine.snapshotCounters();
   std::atomic<bool> stop{false}, mixDone{false};
   std::atomic<uint64_t> completed{0};
   std::vector<std::atomic<bool>> finished(streams.size());
   std::vector<std::thread> threads;
   for (size_t s = 0; s < streams.size(); ++s)
      threads.emplace_back([&, s] {
         streams[s]->run(stop);
         finished[s] = true;
      });
   // Queries past their timeout are cancelled meanwhile. The phase ends at its deadline also for
   // a query that holds the transactions up: it is cancelled then and not counted (cancelled
   // again until its stream has seen it, since a cancel before a statement starts is lost).
   auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.durationSeconds));
   threads.emplace_back([&] {
      while (!mixDone && Clock::now() < deadline) {
         for (const std::unique_ptr<OlapStream>& stream : streams) stream->watch();
         std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      uint64_t transactionsInPhase = completed;
      stop = true;
      Clock::time_point giveUp = Clock::now() + cancelGrace;
      for (size_t s = 0; s < streams.size(); ++s)
         while (!finished[s]) {
            if (Clock::now() > giveUp)
               abandonRun(report, streams, transactionsInPhase, clock(), streams[s]->runningQuery(),
                          snapshotsBetween(snapshotsBefore, engine.snapshotCounters()));
            streams[s]->cancel();
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
         }
   });
   report.mixed = runPhase(clients, options, meter, &completed, [&] {
      mixDone = true;
      for (std::thread& thread : threads) thread.join();
   });
   report.mixedSnapshots = snapshotsBetween(snapshotsBefore, engine.snapshotCounters());
   for (const std::unique_ptr<OlapStream>& stream : streams) report.streams.push_back(stream->result());
}

}  // namespace

ChReport runCh(const ChOptions& options) {
   ChReport report;
   report.machine = describeMachine();
   report.commit = gitCommit(KILN_SOURCE_DIR);
   report.options = options;

   std::optional<TemporaryDirectory> directory = databaseDirectory(options);
   report.database = !directory ? "in memory"
                                : (options.durable ? "on disk in " : "in a file on a RAM disk in ") + directory->path() + " (removed after the run)";
   std::unique_ptr<TpccEngine> engine = openEngine(options, directory ? directory->path() : "");
   report.engineVersion = engine->version();
   report.notes = engine->notes();
   report.notes.push_back("the queries' tables orderline and neworder are bench/tpcc's order_line and new_order (names mapped in the query text)");

   Progress progress;
   TpccRandom random(options.seed);
   TpccClock clock = simulatedClock(chClockStartMicros);
   report.clockStartMicros = clock();
   report.loads = createChDatabase(*engine, options.warehouses, random, report.clockStartMicros, options.sharedDir, report.notes,
                                   [&](const std::string& table) { progress.show("populating " + table); });
   progress.clear();
   std::vector<ChQuery> queries = readChQueries(options.sharedDir);

   TpccClients clients(*engine, options.oltpClients, random, clock);
   std::vector<std::unique_ptr<OlapStream>> streams;
   for (int s = 0; s < options.olapStreams; ++s) {
      std::unique_ptr<TpccEngine> reader;
      try {
         reader = engine->openReader();
      } catch (const TpccError& error) {
         throw std::runtime_error("cannot open a reader session: " + describe(error));
      }
      if (options.engine == "kiln") {
         // By default the cores kiln may use less those the OLTP clients keep busy.
         if (s == 0)
            report.olapThreads = options.olapThreads > 0 ? options.olapThreads
                                                         : std::max(1, std::stoi(reader->runText("SHOW threads")->getText(0, 0)) - options.oltpClients);
         reader->execute("SET threads = " + std::to_string(report.olapThreads));
      }
      streams.push_back(
         std::make_unique<OlapStream>(std::move(reader), queries, size_t(s) * queries.size() / size_t(options.olapStreams), options.queryTimeoutSeconds));
   }

   std::unique_ptr<EnergyMeter> meter = openEnergyMeter({options.powercapRoot, "/sys/class/hwmon", options.wattsPerCore});
   report.energySource = meter->source();
   report.energyDescription = meter->description();
   report.energyEstimated = meter->estimated();

   progress.show("phase 1: OLTP alone for " + std::to_string(int(options.durationSeconds)) + " s");
   report.alone = runPhase(clients, options, *meter);
   if (report.alone.mix.error) report.error = "the run stopped in phase 1: " + describe(*report.alone.mix.error);

   if (report.error.empty()) {
      progress.show("phase 2: OLTP and " + std::to_string(options.olapStreams) + " OLAP stream(s) for " + std::to_string(int(options.durationSeconds)) + " s");
      runMixedPhase(report, *engine, clients, streams, *meter, clock);
      if (report.mixed.mix.error) report.error = "the run stopped in phase 2: " + describe(*report.mixed.mix.error);
   }
   report.clockEndMicros = clock();
   // After phase 2 rather than before phase 1: the queries then read the database as large as in
   // phase 2 (not as populated), and phase 2's snapshot counters start from none of theirs.
   if (report.error.empty() && options.quiescentRuns > 0) {
      progress.show("quiescent: each query " + std::to_string(options.quiescentRuns) + " time(s), no transaction running");
      report.quiescent = runQuiescentPhase(*streams.front(), options.quiescentRuns, *meter);
   }
   progress.clear();

   try {
      report.consistencyFailures = checkConsistency(*engine);
      report.consistencyChecked = true;
   } catch (const TpccError& error) {
      report.error += (report.error.empty() ? "" : "; ") + std::string("checking consistency failed: ") + describe(error);
   }
   return report;
}

}  // namespace kiln::bench
