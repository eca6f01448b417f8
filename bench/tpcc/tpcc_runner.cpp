#include "tpcc_runner.h"

#include "energy/energy_meter.h"
#include "kiln_tpcc_engine.h"
#include "progress.h"
#include "sqlite_tpcc_engine.h"
#include "tpcc_consistency.h"
#include "tpcc_schema.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace kiln::bench {

namespace {

std::string describe(const TpccError& error) {
   std::string text = error.code() + ": " + error.what();
   return error.statement().empty() ? text : text + " [statement: " + error.statement() + "]";
}

/// A directory for an on-disk database, removed with everything in it at the end of the run.
class TemporaryDirectory {
   public:
   TemporaryDirectory() {
      std::string pattern = (std::filesystem::temp_directory_path() / "kiln-tpcc-db-XXXXXX").string();
      if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory like " + pattern);
      path_ = pattern;
   }
   ~TemporaryDirectory() { std::filesystem::remove_all(path_); }
   TemporaryDirectory(const TemporaryDirectory&) = delete;
   TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
   const std::string& path() const { return path_; }

   private:
   std::string path_;
};

std::unique_ptr<TpccEngine> openEngine(const TpccOptions& options, const std::string& directory) {
   try {
      if (options.engine == "sqlite") return std::make_unique<SqliteTpccEngine>(options.durable ? directory + "/tpcc.sqlite" : ":memory:");
      return std::make_unique<KilnTpccEngine>(options.durable ? directory : ":memory:");
   } catch (const TpccError& error) {
      if (options.durable && error.code() == "0A000")
         throw std::runtime_error(options.engine + " cannot keep a database on disk yet, so --durable cannot run: " + describe(error));
      throw std::runtime_error("cannot open the database: " + describe(error));
   }
}

void createTables(TpccEngine& engine) {
   for (const std::string& sql : tpccTables(engine.timestampType())) {
      try {
         engine.execute(sql);
      } catch (const TpccError& error) {
         throw std::runtime_error("creating the tables failed: " + describe(error));
      }
   }
}

/// Secondary indexes an engine cannot create yet (0A000) are left out, and the report says so.
void createIndexes(TpccEngine& engine, std::vector<std::string>& notes) {
   for (const std::string& sql : tpccIndexes()) {
      try {
         engine.execute(sql);
      } catch (const TpccError& error) {
         if (error.code() != "0A000") throw std::runtime_error("creating an index failed: " + describe(error));
         notes.push_back("index not created, lookups it would serve scan instead: " + describe(error));
      }
   }
}

int64_t nowMicros() {
   return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

TpccReport runTpcc(const TpccOptions& options) {
   TpccReport report;
   report.machine = describeMachine();
   report.commit = gitCommit(KILN_SOURCE_DIR);
   report.options = options;

   std::optional<TemporaryDirectory> directory;
   if (options.durable) directory.emplace();
   report.database = options.durable ? "on disk in " + directory->path() + " (removed after the run)" : "in memory";
   std::unique_ptr<TpccEngine> engine = openEngine(options, directory ? directory->path() : "");
   report.engineVersion = engine->version();
   report.notes = engine->notes();

   Progress progress;
   TpccRandom random(options.seed);
   NURandConstants loadConstants = random.drawLoadConstants();
   createTables(*engine);
   try {
      report.loads = populateTpcc(*engine, options.warehouses, random, nowMicros(), [&](const std::string& table) { progress.show("populating " + table); });
   } catch (const TpccError& error) {
      progress.clear();
      throw std::runtime_error("populating the tables failed: " + describe(error));
   }
   progress.clear();
   createIndexes(*engine, report.notes);

   // One session per client, the first the engine's own; each prepares its statements.
   std::vector<std::unique_ptr<TpccEngine>> sessions;
   std::vector<std::unique_ptr<TpccTransactions>> transactions;
   std::vector<std::unique_ptr<TpccRandom>> randoms;
   std::vector<MixClient> clients;
   random.useRunConstants(loadConstants);
   for (int c = 0; c < options.clients; ++c) {
      TpccEngine& session = c == 0 ? *engine : *sessions.emplace_back(engine->openSession());
      try {
         transactions.push_back(std::make_unique<TpccTransactions>(session));
      } catch (const TpccError& error) {
         throw std::runtime_error("preparing a transaction's statement failed: " + describe(error));
      }
      // The first client draws from the population's generator, as a single client always has;
      // the others are seeded from it, and all use the same NURand constants.
      TpccRandom* inputs = &random;
      if (c > 0) {
         inputs = randoms.emplace_back(std::make_unique<TpccRandom>(uint64_t(random.uniform(0, INT64_MAX)))).get();
         inputs->useConstants(random.constants());
      }
      clients.push_back({transactions.back().get(), inputs});
   }

   std::unique_ptr<EnergyMeter> meter = openEnergyMeter({options.powercapRoot, "/sys/class/hwmon", options.wattsPerCore});
   report.energySource = meter->source();
   report.energyDescription = meter->description();
   report.energyEstimated = meter->estimated();

   progress.show("running the mix for " + std::to_string(int(options.durationSeconds)) + " s");
   double joulesBefore = meter->joules();
   report.mix = runMix(clients, options.warehouses, options.durationSeconds, options.maxTransactions);
   report.energyJ = meter->joules() - joulesBefore;
   progress.clear();
   for (TransactionStats& stats : report.mix.types) std::sort(stats.latencyMs.begin(), stats.latencyMs.end());
   if (report.mix.error) report.error = "the run stopped: " + describe(*report.mix.error);

   try {
      report.consistencyFailures = checkConsistency(*engine);
      report.consistencyChecked = true;
   } catch (const TpccError& error) {
      report.error += (report.error.empty() ? "" : "; ") + std::string("checking consistency failed: ") + describe(error);
   }
   return report;
}

}  // namespace kiln::bench
