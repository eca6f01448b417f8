#include "report_json.h"

#include <cmath>

#include "data_generator.h"
#include "json_writer.h"

namespace kiln::bench {

namespace {

void writeSettings(JsonWriter& json, const TpchOptions& options) {
   json.beginObject();
   json.member("engine", options.engine);
   json.member("sf", options.scaleFactor);
   json.member("threads", options.threads);
   json.member("plan_cache", options.planCache);
   json.member("runs", options.runs);
   json.member("warmup_runs", 1);
   json.key("queries").beginArray();
   for (int query : options.queries) json.value(query);
   json.endArray();
   json.member("timeout_s", options.timeoutSeconds);
   json.member("watts_per_core", options.wattsPerCore);
   json.member("allow_errors", options.allowErrors);
   json.endObject();
}

void writeQuery(JsonWriter& json, const QueryMeasurement& query) {
   json.beginObject();
   json.member("query", query.query);
   json.member("median_ms", median(query.totalMs));  // NaN (null) when the query failed
   json.member("min_ms", minimum(query.totalMs));
   json.member("max_ms", maximum(query.totalMs));
   json.key("runs_ms").beginArray();  // each timed run, for percentiles
   for (double ms : query.totalMs) json.value(ms);
   json.endArray();
   json.member("compile_ms", median(query.compileMs));
   json.member("first_compile_ms", query.failed() ? std::nan("") : query.firstCompileMs);
   json.member("execute_ms", median(query.executeMs));
   if (query.failed()) json.key("rows").null();
   else json.member("rows", query.rows);
   json.member("correct", query.correct);
   if (query.failed()) json.key("energy_j").null();
   else json.member("energy_j", query.energyJ);
   if (query.failed()) json.member("error", query.error);
   json.endObject();
}

}  // namespace

void writeReportJson(const TpchReport& report, std::ostream& out) {
   JsonWriter json(out);
   json.beginObject();
   json.member("benchmark", "tpch");
   json.member("engine", report.options.engine);
   json.member("engine_version", report.engineVersion);
   json.key("machine");
   writeMachineJson(json, report.machine);
   json.member("commit", report.commit);
   json.key("settings");
   writeSettings(json, report.options);
   json.member("sf_name", scaleFactorName(report.options.scaleFactor));
   json.member("data_dir", report.dataDir);
   json.member("energy_source", report.energySource);
   json.member("energy_label", report.energyEstimated ? "estimated" : "measured");
   json.member("energy_description", report.energyDescription);
   json.key("notes").beginArray();
   for (const std::string& note : report.notes) json.value(note);
   json.endArray();
   json.key("load").beginArray();
   double loadMs = 0;
   for (const TableLoad& load : report.loads) {
      json.beginObject().member("table", load.table).member("rows", load.rows).member("ms", load.ms).endObject();
      loadMs += load.ms;
   }
   json.endArray();
   json.member("load_ms", loadMs);
   json.member("total_ms", totalMs(report));
   json.member("total_energy_j", totalEnergyJ(report));
   json.member("queries_per_hour_per_watt", queriesPerHourPerWatt(report));
   json.member("wrong_answers", uint64_t(wrongAnswers(report)));
   json.member("failed_queries", uint64_t(failedQueries(report)));
   json.key("queries").beginArray();
   for (const QueryMeasurement& query : report.queries) writeQuery(json, query);
   json.endArray();
   json.endObject();
}

}  // namespace kiln::bench
