#include "ch_report.h"

#include "ch_snapshot_report.h"
#include "json_writer.h"
#include "tpcc_engine.h"
#include "tpcc_report.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>

namespace kiln::bench {

namespace {

constexpr double notANumber = std::numeric_limits<double>::quiet_NaN();

std::string driverDescription(const ChOptions& o) {
   std::string streams = o.olapStreams == 1 ? "one stream" : std::to_string(o.olapStreams) + " streams, each";
   std::string quiescent = o.quiescentRuns == 0 ? ""
                                                : "; then, with no transaction running, each query " + std::to_string(o.quiescentRuns) +
                                                     " time(s) on the first stream's session (the quiescent phase)";
   return "OLTP: " + mixDriverDescription(o.oltpClients) + ". OLAP: " + streams +
          " on a reader session of its own, rounds of TPC-C consistency conditions 1-4 then the 22 queries once each "
          "(streams start at different queries), back to back; a query running longer than the query timeout is cancelled and left "
          "out of the later rounds. Phase 1 runs OLTP alone, phase 2 OLTP and OLAP together, " +
          std::to_string(int(o.durationSeconds)) + " s each" + quiescent;
}

double perTransaction(const ChPhase& phase) {
   uint64_t transactions = totalTransactions(phase.mix);
   return transactions ? phase.energyJ / double(transactions) : notANumber;
}

/// The mixed phase's joules beyond what its transactions cost at the rate of the phase alone,
/// per query: an attribution, since both kinds of work share the machine.
double perQuery(const ChReport& report) {
   uint64_t queries = olapQueries(report);
   if (!queries || report.abandonedTransactions) return notANumber;
   double transactionsJ = double(totalTransactions(report.mixed.mix)) * perTransaction(report.alone);
   return (report.mixed.energyJ - transactionsJ) / double(queries);
}

double ratio(double mixed, double alone) { return alone > 0 ? mixed / alone : notANumber; }

uint64_t consistencyChecks(const ChReport& report) {
   uint64_t checks = 0;
   for (const OlapStreamResult& stream : report.streams) checks += stream.consistencyChecks;
   return checks;
}

std::vector<std::string> failuresDuringRun(const ChReport& report) {
   std::vector<std::string> failures;
   for (const OlapStreamResult& stream : report.streams) {
      failures.insert(failures.end(), stream.consistencyFailures.begin(), stream.consistencyFailures.end());
      if (!stream.consistencyError.empty()) failures.push_back("a check failed to run: " + stream.consistencyError);
   }
   return failures;
}

double olapElapsedSeconds(const ChReport& report) {
   double elapsed = 0;
   for (const OlapStreamResult& stream : report.streams) elapsed = std::max(elapsed, stream.elapsedSeconds);
   return elapsed;
}

std::string consistencyLine(const ChReport& report) {
   if (report.consistent()) return "consistency: pass";
   if (!report.consistencyChecked) return "consistency: fail (not checked after the run: " + report.error + ")";
   std::vector<std::string> failures = failuresDuringRun(report);
   failures.insert(failures.end(), report.consistencyFailures.begin(), report.consistencyFailures.end());
   if (failures.empty()) return "consistency: fail (not checked during the run)";
   std::string line = "consistency: fail (" + failures.front();
   if (failures.size() > 1) line += "; and " + std::to_string(failures.size() - 1) + " more";
   return line + ")";
}

void printHeader(const ChReport& report, std::FILE* out) {
   const ChOptions& o = report.options;
   std::fprintf(out, "kiln-bench ch\n");
   std::fprintf(out, "machine   %s\n", machineSummary(report.machine).c_str());
   std::fprintf(out, "commit    %s\n", report.commit.c_str());
   std::fprintf(out, "engine    %s %s\n", o.engine.c_str(), report.engineVersion.c_str());
   std::fprintf(out,
                "settings  warehouses=%d duration=%gs (each phase) olap-streams=%d olap-threads=%d oltp-clients=%d query-timeout=%gs "
                "quiescent-runs=%d durable=%s seed=%llu watts-per-core=%g\n",
                o.warehouses, o.durationSeconds, o.olapStreams, report.olapThreads, o.oltpClients, o.queryTimeoutSeconds, o.quiescentRuns,
                o.durable ? "yes" : "no", static_cast<unsigned long long>(o.seed), o.wattsPerCore);
   std::fprintf(out, "database  %s\n", report.database.c_str());
   std::fprintf(out, "driver    %s\n", driverDescription(o).c_str());
   std::fprintf(out,
                "clock     simulated, advancing with real time: %s UTC at the population, %s at the end (the queries' dates assume "
                "2010-05-23 12:00 .. 2012-01-02)\n",
                timestampText(report.clockStartMicros).c_str(), timestampText(report.clockEndMicros).c_str());
   std::fprintf(out, "energy    %s: %s\n", report.energySource.c_str(), report.energyDescription.c_str());
   for (const std::string& note : report.notes) std::fprintf(out, "note      %s\n", note.c_str());
}

void printLoads(const ChReport& report, std::FILE* out) {
   std::fprintf(out, "\n%-10s %12s %12s\n", "table", "rows", "load ms");
   for (const TpccTableLoad& load : report.loads)
      std::fprintf(out, "%-10s %12llu %12.1f\n", load.table.c_str(), static_cast<unsigned long long>(load.rows), load.ms);
}

void printPhase(const char* title, const ChPhase& phase, const char* label, std::FILE* out) {
   std::fprintf(out, "\n%s\n", title);
   printTransactionTable(phase.mix, out);
   std::fprintf(out, "elapsed   %.2f s\n", phase.mix.elapsedSeconds);
   std::fprintf(out, "throughput: %.1f tx/s, tpmC %.0f\n", throughput(phase.mix), tpmC(phase.mix));
   std::fprintf(out, "energy    %.3f J%s, %.4f mJ per transaction\n", phase.energyJ, label, 1000 * perTransaction(phase));
   uint64_t transactions = totalTransactions(phase.mix);
   std::fprintf(out, "page faults of the OLTP threads: %.2f per transaction (copies of pages a live snapshot shares count here)\n",
                transactions ? double(phase.mix.minorFaults) / double(transactions) : 0.0);
}

void printAbandonedPhase(const char* title, const ChReport& report, std::FILE* out) {
   std::fprintf(out, "\n%s\n", title);
   std::fprintf(out, "transactions %llu completed in the phase's %g s (none after the query that would not stop began)\n",
                static_cast<unsigned long long>(*report.abandonedTransactions), report.options.durationSeconds);
   std::fprintf(out, "throughput: %.1f tx/s\n", mixedThroughput(report));
}

void printQueries(const ChReport& report, const char* label, std::FILE* out) {
   std::fprintf(out, "\n%-6s %6s %11s %11s %11s %10s\n", "query", "runs", "median ms", "min ms", "max ms", "rows");
   for (const QueryStats& query : queryTotals(report)) {
      const std::vector<double>& ms = query.latencyMs;
      std::fprintf(out, "Q%-5d %6zu %11.1f %11.1f %11.1f %10llu%s%s\n", query.number, ms.size(), percentile(ms, 50), percentile(ms, 0), percentile(ms, 100),
                   static_cast<unsigned long long>(query.rows),
                   query.error.empty() ? ""
                   : query.timedOut    ? "  "
                                       : "  failed: ",
                   query.error.c_str());
   }
   std::fprintf(out,
                "OLAP      %llu queries in %.2f s: %.0f queries per hour; %.3f J per query%s (the phase's joules beyond its transactions' "
                "at the rate of phase 1)\n",
                static_cast<unsigned long long>(olapQueries(report)), olapElapsedSeconds(report), queriesPerHour(report), perQuery(report), label);
}

void writePhase(JsonWriter& json, const ChPhase& phase) {
   json.beginObject();
   json.member("elapsed_s", phase.mix.elapsedSeconds);
   json.member("transactions", totalTransactions(phase.mix));
   json.member("throughput_tx_per_s", throughput(phase.mix));
   json.member("tpmc", tpmC(phase.mix));
   json.member("energy_j", phase.energyJ);
   json.member("energy_j_per_transaction", perTransaction(phase));
   json.member("minor_faults", phase.mix.minorFaults);
   json.key("transaction_types");
   writeTransactionTypesJson(json, phase.mix);
   json.endObject();
}

void writeStrings(JsonWriter& json, const std::vector<std::string>& texts) {
   json.beginArray();
   for (const std::string& text : texts) json.value(text);
   json.endArray();
}

}  // namespace

bool ChReport::consistentDuringRun() const {
   bool checked = false;
   for (const OlapStreamResult& stream : streams) {
      if (!stream.consistencyFailures.empty() || !stream.consistencyError.empty()) return false;
      checked = checked || stream.consistencyChecks > 0;
   }
   return checked;
}

std::vector<QueryStats> queryTotals(const ChReport& report) {
   std::vector<QueryStats> totals;
   for (const OlapStreamResult& stream : report.streams)
      for (const QueryStats& query : stream.queries) {
         if (totals.size() < size_t(query.number)) totals.resize(size_t(query.number));
         QueryStats& total = totals[size_t(query.number - 1)];
         total.number = query.number;
         total.latencyMs.insert(total.latencyMs.end(), query.latencyMs.begin(), query.latencyMs.end());
         if (!query.latencyMs.empty()) total.rows = query.rows;
         if (query.runsOnSnapshot) total.runsOnSnapshot = total.runsOnSnapshot.value_or(0) + *query.runsOnSnapshot;
         if (total.error.empty()) {
            total.error = query.error;
            total.timedOut = query.timedOut;
         }
      }
   for (QueryStats& total : totals) std::sort(total.latencyMs.begin(), total.latencyMs.end());
   return totals;
}

uint64_t olapQueries(const ChReport& report) {
   uint64_t queries = 0;
   for (const OlapStreamResult& stream : report.streams)
      for (const QueryStats& query : stream.queries) queries += query.latencyMs.size();
   return queries;
}

double queriesPerHour(const ChReport& report) {
   double elapsed = olapElapsedSeconds(report);
   return elapsed > 0 ? 3600 * double(olapQueries(report)) / elapsed : 0;
}

double mixedThroughput(const ChReport& report) {
   if (!report.abandonedTransactions) return throughput(report.mixed.mix);
   return double(*report.abandonedTransactions) / report.options.durationSeconds;
}

void printChReport(const ChReport& report, std::FILE* out) {
   const char* label = report.energyEstimated ? " (estimated)" : "";
   printHeader(report, out);
   printLoads(report, out);
   printPhase("phase 1: OLTP alone", report.alone, label, out);
   if (!report.streams.empty()) {
      std::string title = "phase 2: OLTP beside " + std::to_string(report.streams.size()) + " OLAP stream(s)";
      if (report.abandonedTransactions) printAbandonedPhase(title.c_str(), report, out);
      else printPhase(title.c_str(), report.mixed, label, out);
      std::fprintf(out, "ratio mixed/alone: throughput %.3f, tpmC %.3f\n", ratio(mixedThroughput(report), throughput(report.alone.mix)),
                   report.abandonedTransactions ? notANumber : ratio(tpmC(report.mixed.mix), tpmC(report.alone.mix)));
      printQueries(report, label, out);
      printSnapshots(report, out);
      printQuiescentComparison(report, label, out);
   }
   if (!report.error.empty()) std::fprintf(out, "error     %s\n", report.error.c_str());
   std::vector<std::string> during = failuresDuringRun(report);
   std::fprintf(out, "checked   during the run: conditions 1-4, %llu times, %s\n", static_cast<unsigned long long>(consistencyChecks(report)),
                during.empty() ? "all held" : (std::to_string(during.size()) + " violations").c_str());
   for (const std::string& failure : during) std::fprintf(out, "violated  during the run: %s\n", failure.c_str());
   std::fprintf(out, "checked   after the run: conditions 1-4 and 10, %s\n",
                !report.consistencyChecked           ? "not checked"
                : report.consistencyFailures.empty() ? "all held"
                                                     : "violated");
   for (const std::string& failure : report.consistencyFailures) std::fprintf(out, "violated  after the run: %s\n", failure.c_str());
   std::fprintf(out, "%s\n", consistencyLine(report).c_str());
}

void writeChJson(const ChReport& report, std::ostream& out) {
   const ChOptions& o = report.options;
   JsonWriter json(out);
   json.beginObject();
   json.member("benchmark", "ch");
   json.member("engine", o.engine);
   json.member("engine_version", report.engineVersion);
   json.key("machine");
   writeMachineJson(json, report.machine);
   json.member("commit", report.commit);
   json.key("settings").beginObject();
   json.member("engine", o.engine);
   json.member("warehouses", o.warehouses);
   json.member("duration_s", o.durationSeconds);
   json.member("olap_streams", o.olapStreams);
   json.member("olap_threads", report.olapThreads);
   json.member("oltp_clients", o.oltpClients);
   json.member("query_timeout_s", o.queryTimeoutSeconds);
   json.member("quiescent_runs", o.quiescentRuns);
   json.member("durable", o.durable);
   json.member("seed", o.seed);
   json.member("watts_per_core", o.wattsPerCore);
   json.endObject();
   json.member("database", report.database);
   json.member("driver", driverDescription(o));
   json.key("clock").beginObject().member("start", timestampText(report.clockStartMicros)).member("end", timestampText(report.clockEndMicros)).endObject();
   json.member("energy_source", report.energySource);
   json.member("energy_label", report.energyEstimated ? "estimated" : "measured");
   json.member("energy_description", report.energyDescription);
   json.key("notes");
   writeStrings(json, report.notes);
   json.key("load").beginArray();
   for (const TpccTableLoad& load : report.loads) json.beginObject().member("table", load.table).member("rows", load.rows).member("ms", load.ms).endObject();
   json.endArray();
   json.key("oltp_alone");
   writePhase(json, report.alone);
   json.key("oltp_mixed");
   writePhase(json, report.mixed);
   json.member("mixed_abandoned", bool(report.abandonedTransactions));
   json.member("mixed_throughput_tx_per_s", mixedThroughput(report));
   json.member("throughput_ratio", ratio(mixedThroughput(report), throughput(report.alone.mix)));
   json.member("tpmc_ratio", report.abandonedTransactions ? notANumber : ratio(tpmC(report.mixed.mix), tpmC(report.alone.mix)));
   json.member("olap_queries", olapQueries(report));
   json.member("olap_elapsed_s", olapElapsedSeconds(report));
   json.member("queries_per_hour", queriesPerHour(report));
   json.member("energy_j_per_query", perQuery(report));
   json.key("queries").beginArray();
   for (const QueryStats& query : queryTotals(report)) {
      json.beginObject();
      json.member("query", query.number);
      json.member("runs", uint64_t(query.latencyMs.size()));
      json.member("median_ms", percentile(query.latencyMs, 50));
      json.member("min_ms", percentile(query.latencyMs, 0));
      json.member("max_ms", percentile(query.latencyMs, 100));
      json.member("rows", query.rows);
      json.member("runs_on_snapshot", query.runsOnSnapshot);
      json.member("timed_out", query.timedOut);
      if (query.error.empty()) json.key("error").null();
      else json.member("error", query.error);
      json.endObject();
   }
   json.endArray();
   json.key("snapshots");
   writeSnapshotsJson(json, report);
   json.key("quiescent");
   writeQuiescentJson(json, report);
   json.key("consistency").beginObject();
   json.member("pass", report.consistent());
   json.member("checks_during_run", consistencyChecks(report));
   json.key("failures_during_run");
   writeStrings(json, failuresDuringRun(report));
   json.member("checked_after_run", report.consistencyChecked);
   json.key("failures_after_run");
   writeStrings(json, report.consistencyFailures);
   json.endObject();
   if (report.error.empty()) json.key("error").null();
   else json.member("error", report.error);
   json.endObject();
   out << '\n';
}

bool writeChReport(const ChReport& report) {
   printChReport(report, stdout);
   std::fflush(stdout);
   if (report.options.jsonFile.empty()) return true;
   std::ofstream json(report.options.jsonFile);
   writeChJson(report, json);
   if (json) return true;
   std::fprintf(stderr, "kiln-bench ch: cannot write %s\n", report.options.jsonFile.c_str());
   return false;
}

}  // namespace kiln::bench
