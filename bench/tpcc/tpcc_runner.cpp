#include "tpcc_runner.h"

#include "energy/energy_meter.h"
#include "kiln_tpcc_engine.h"
#include "progress.h"
#include "sqlite_tpcc_engine.h"
#include "tpcc_consistency.h"
#include "tpcc_setup.h"

#include <stdexcept>

namespace kiln::bench {

namespace {

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
   createTpccTables(*engine);
   try {
      report.loads = populateTpcc(*engine, options.warehouses, random, systemClockMicros(),
                                  [&](const std::string& table) { progress.show("populating " + table); });
   } catch (const TpccError& error) {
      progress.clear();
      throw std::runtime_error("populating the tables failed: " + describe(error));
   }
   progress.clear();
   createTpccIndexes(*engine, report.notes);

   random.useRunConstants(loadConstants);
   TpccClients clients(*engine, options.clients, random, systemClockMicros, options.text);

   std::unique_ptr<EnergyMeter> meter = openEnergyMeter({options.powercapRoot, "/sys/class/hwmon", options.wattsPerCore});
   report.energySource = meter->source();
   report.energyDescription = meter->description();
   report.energyEstimated = meter->estimated();

   progress.show("running the mix for " + std::to_string(int(options.durationSeconds)) + " s");
   double joulesBefore = meter->joules();
   report.mix = runMix(clients.clients(), options.warehouses, options.durationSeconds, options.maxTransactions);
   report.energyJ = meter->joules() - joulesBefore;
   progress.clear();
   sortLatencies(report.mix);
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
