#include "ch_snapshot_report.h"

#include "tpcc_report.h"

#include <limits>
#include <string>

namespace kiln::bench {

namespace {

constexpr double notANumber = std::numeric_limits<double>::quiet_NaN();

uint64_t completedQueries(const OlapStreamResult& result) {
   uint64_t queries = 0;
   for (const QueryStats& query : result.queries) queries += query.latencyMs.size();
   return queries;
}

std::string onSnapshotText(const QueryStats& query) {
   if (query.latencyMs.empty()) return "-";
   if (!query.runsOnSnapshot) return "n/a";
   return std::to_string(*query.runsOnSnapshot) + "/" + std::to_string(query.latencyMs.size());
}

double joulesPerQuery(const ChQuiescentPhase& phase) {
   uint64_t queries = completedQueries(phase.queries);
   return queries ? phase.energyJ / double(queries) : notANumber;
}

/// Phase 2's median over the quiescent one's: what running beside the transactions costs a query.
double latencyRatio(const QueryStats& mixed, const QueryStats& quiescent) {
   double quiescentMs = percentile(quiescent.latencyMs, 50);
   return quiescentMs > 0 ? percentile(mixed.latencyMs, 50) / quiescentMs : notANumber;
}

/// What a quiescent query without runs has to say: it failed there, or phase 2 had left it out.
std::string quiescentNote(const QueryStats& quiescent) {
   if (quiescent.timedOut) return "  " + quiescent.error;
   if (!quiescent.error.empty()) return "  failed: " + quiescent.error;
   return quiescent.latencyMs.empty() ? "  not run: left out in phase 2" : "";
}

}  // namespace

void printSnapshots(const ChReport& report, std::FILE* out) {
   if (!report.mixedSnapshots) {
      std::fprintf(out, "snapshots n/a (%s runs no query on a snapshot)\n", report.options.engine.c_str());
      return;
   }
   const PhaseSnapshots& s = *report.mixedSnapshots;
   std::fprintf(out, "snapshots in phase 2: %llu made", static_cast<unsigned long long>(s.made));
   if (s.made) std::fprintf(out, ", %.2f ms mean and %s%.2f ms max to make", s.makeMsMean, s.makeMsMaxIsBound ? "at most " : "", s.makeMsMax);
   std::fprintf(out, "; %llu queries on them", static_cast<unsigned long long>(s.queries));
   if (s.queries) std::fprintf(out, ", %.1f ms mean snapshot age at query start", s.ageMsMean);
   std::fprintf(out, "; %llu failures\n", static_cast<unsigned long long>(s.failures));
}

void printQuiescentComparison(const ChReport& report, const char* label, std::FILE* out) {
   if (!report.quiescent) return;
   const ChQuiescentPhase& q = *report.quiescent;
   uint64_t queries = completedQueries(q.queries);
   std::fprintf(out,
                "\nquiescent: after phase 2, each query %d time(s) on the first OLAP stream's session, no transaction running: %llu queries in "
                "%.2f s; %.3f J per query%s\n",
                q.runsPerQuery, static_cast<unsigned long long>(queries), q.queries.elapsedSeconds, joulesPerQuery(q), label);
   std::fprintf(out, "%-6s %-30s | %-30s | %9s\n", "", "quiescent", "phase 2", "ratio");
   std::fprintf(out, "%-6s %6s %11s %11s | %6s %11s %11s | %9s\n", "query", "runs", "median ms", "on snapshot", "runs", "median ms", "on snapshot",
                "2/quiesc.");
   std::vector<QueryStats> mixed = queryTotals(report);
   for (const QueryStats& quiescent : q.queries.queries) {
      const QueryStats& inMixed = mixed.at(size_t(quiescent.number - 1));
      std::fprintf(out, "Q%-5d %6zu %11.1f %11s | %6zu %11.1f %11s | %9.3f%s\n", quiescent.number, quiescent.latencyMs.size(),
                   percentile(quiescent.latencyMs, 50), onSnapshotText(quiescent).c_str(), inMixed.latencyMs.size(), percentile(inMixed.latencyMs, 50),
                   onSnapshotText(inMixed).c_str(), latencyRatio(inMixed, quiescent), quiescentNote(quiescent).c_str());
   }
}

void writeSnapshotsJson(JsonWriter& json, const ChReport& report) {
   if (!report.mixedSnapshots) {
      json.null();
      return;
   }
   const PhaseSnapshots& s = *report.mixedSnapshots;
   json.beginObject();
   json.member("made", s.made);
   json.member("make_ms_mean", s.makeMsMean);
   json.member("make_ms_max", s.makeMsMax);
   json.member("make_ms_max_is_bound", s.makeMsMaxIsBound);
   json.member("queries", s.queries);
   json.member("age_ms_mean", s.ageMsMean);
   json.member("failures", s.failures);
   json.endObject();
}

void writeQuiescentJson(JsonWriter& json, const ChReport& report) {
   if (!report.quiescent) {
      json.null();
      return;
   }
   const ChQuiescentPhase& q = *report.quiescent;
   json.beginObject();
   json.member("runs_per_query", q.runsPerQuery);
   json.member("elapsed_s", q.queries.elapsedSeconds);
   json.member("queries_run", completedQueries(q.queries));
   json.member("energy_j", q.energyJ);
   json.member("energy_j_per_query", joulesPerQuery(q));
   json.key("queries").beginArray();
   std::vector<QueryStats> mixed = queryTotals(report);
   for (const QueryStats& quiescent : q.queries.queries) {
      const QueryStats& inMixed = mixed.at(size_t(quiescent.number - 1));
      json.beginObject();
      json.member("query", quiescent.number);
      json.member("runs", uint64_t(quiescent.latencyMs.size()));
      json.member("median_ms", percentile(quiescent.latencyMs, 50));
      json.member("runs_on_snapshot", quiescent.runsOnSnapshot);
      json.member("mixed_median_ms", percentile(inMixed.latencyMs, 50));
      json.member("mixed_runs_on_snapshot", inMixed.runsOnSnapshot);
      json.member("mixed_to_quiescent_ratio", latencyRatio(inMixed, quiescent));
      json.member("timed_out", quiescent.timedOut);
      if (quiescent.error.empty()) json.key("error").null();
      else json.member("error", quiescent.error);
      json.endObject();
   }
   json.endArray();
   json.endObject();
}

}  // namespace kiln::bench
