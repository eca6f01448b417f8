#include "tpch_runner.h"

#include "answer_checker.h"
#include "data_generator.h"
#include "energy/energy_meter.h"
#include "kiln_engine.h"
#include "progress.h"
#include "sqlite_engine.h"
#include "text_file.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

namespace kiln::bench {

namespace {

std::string queryLabel(int query) {
   char label[8];
   std::snprintf(label, sizeof(label), "Q%02d", query);
   return label;
}

std::unique_ptr<QueryEngine> makeEngine(const TpchOptions& options, Progress& progress) {
   if (options.engine == "sqlite")
      return std::make_unique<SqliteEngine>(options.timeoutSeconds, [&progress](const std::string& table, uint64_t done, uint64_t total) {
         progress.show("loading " + table + ": " + byteProgress(done, total));
      });
   return std::make_unique<KilnEngine>();
}

/// An absolute path: readers of the JSON (bench/compare) may run in another directory.
std::string resolveDataDir(const TpchOptions& options) {
   auto absolute = [](const std::string& path) { return std::filesystem::absolute(path).lexically_normal().string(); };
   if (options.dataDir.empty()) return ensureTpchData(absolute(options.dataRoot), options.scaleFactor, options.tpchgen);
   if (!std::filesystem::exists(options.dataDir + "/lineitem.tbl")) throw std::runtime_error("no lineitem.tbl in --data-dir " + options.dataDir);
   return absolute(options.dataDir);
}

std::vector<TableLoad> load(QueryEngine& engine, const TpchOptions& options, const std::string& dataDir, Progress& progress) {
   std::vector<TableLoad> loads;
   try {
      engine.createSchema(readTextFile(options.sharedDir + "/tpch/schema.sql"));
      for (const std::string& table : engine.tables()) {
         progress.show("loading " + table);
         auto start = std::chrono::steady_clock::now();
         uint64_t rows = engine.loadTable(table, dataDir + "/" + table + ".tbl");
         loads.push_back({table, rows, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count()});
      }
   } catch (const QueryError& error) {
      progress.clear();
      throw std::runtime_error("loading the data failed: " + error.code() + ": " + error.what());
   }
   progress.clear();
   return loads;
}

QueryMeasurement measure(QueryEngine& engine, EnergyMeter& meter, const TpchOptions& options, int query, Progress& progress) {
   QueryMeasurement measurement;
   measurement.query = query;
   std::string label = queryLabel(query);
   try {
      char file[32];
      std::snprintf(file, sizeof(file), "/tpch/queries/q%02d.sql", query);
      std::string sql = readTextFile(options.sharedDir + file);
      std::optional<std::string> answer = answerPath(options.sharedDir, scaleFactorName(options.scaleFactor), query);

      progress.show(label + " warm-up");
      QueryRun warmUp = engine.run(sql, answer.has_value());
      measurement.rows = warmUp.rows;
      measurement.firstCompileMs = warmUp.compileMs;
      if (answer) {
         measurement.mismatch = compareWithAnswer(warmUp.table, *answer, engine.hasPostgresColumnNames());
         measurement.correct = measurement.mismatch.empty();
      }

      double joulesBefore = meter.joules();
      for (int run = 1; run <= options.runs; ++run) {
         progress.show(label + " run " + std::to_string(run) + "/" + std::to_string(options.runs));
         QueryRun timed = engine.run(sql, false);
         measurement.totalMs.push_back(timed.totalMs);
         measurement.compileMs.push_back(timed.compileMs);
         measurement.executeMs.push_back(timed.executeMs);
      }
      measurement.energyJ = (meter.joules() - joulesBefore) / options.runs;
   } catch (const QueryError& error) {
      measurement.error = error.code() + ": " + error.what();
   } catch (const std::exception& error) {
      measurement.error = std::string("XX000: ") + error.what();  // PostgreSQL's internal_error
   }
   if (measurement.failed()) {
      measurement.totalMs.clear();
      measurement.compileMs.clear();
      measurement.executeMs.clear();
      measurement.correct.reset();
   }
   progress.clear();
   return measurement;
}

}  // namespace

TpchReport runTpch(const TpchOptions& options) {
   TpchReport report;
   report.machine = describeMachine();
   report.commit = gitCommit(KILN_SOURCE_DIR);
   report.options = options;
   report.dataDir = resolveDataDir(options);

   Progress progress;
   std::unique_ptr<QueryEngine> engine = makeEngine(options, progress);
   report.engineVersion = engine->version();
   if (std::string note = engine->setThreads(options.threads); !note.empty()) report.notes.push_back(note);
   if (!options.planCache)
      if (std::string note = engine->disablePlanCache(); !note.empty()) report.notes.push_back(note);
   report.loads = load(*engine, options, report.dataDir, progress);

   std::unique_ptr<EnergyMeter> meter = openEnergyMeter({options.powercapRoot, "/sys/class/hwmon", options.wattsPerCore});
   report.energySource = meter->source();
   report.energyDescription = meter->description();
   report.energyEstimated = meter->estimated();

   for (int query : options.queries) report.queries.push_back(measure(*engine, *meter, options, query, progress));
   return report;
}

}  // namespace kiln::bench
