#include "tpcc_report.h"

#include "json_writer.h"

#include <cmath>
#include <limits>
#include <numeric>

namespace kiln::bench {

std::string mixDriverDescription(int clients) {
   std::string threads = clients == 1 ? "one client thread" : std::to_string(clients) + " client threads, each on a session of its own,";
   return threads +
          " running transactions back to back (no keying or think times); each transaction's home warehouse drawn "
          "uniformly; types from a shuffled deck of 45 New-Order, 43 Payment, 4 Order-Status, 4 Delivery, 4 Stock-Level";
}

namespace {

double mean(const std::vector<double>& values) {
   return values.empty() ? std::numeric_limits<double>::quiet_NaN() : std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
}

double share(const MixResult& mix, const TransactionStats& stats) {
   uint64_t total = totalTransactions(mix);
   return total ? 100.0 * double(stats.count) / double(total) : 0;
}

uint64_t rollbacks(const MixResult& mix) {
   uint64_t sum = 0;
   for (const TransactionStats& stats : mix.types) sum += stats.rollbacks;
   return sum;
}

std::string consistencyLine(const TpccReport& report) {
   if (report.consistent()) return "consistency: pass";
   if (!report.consistencyChecked) return "consistency: fail (not checked: " + report.error + ")";
   std::string line = "consistency: fail (" + report.consistencyFailures.front();
   if (report.consistencyFailures.size() > 1) line += "; and " + std::to_string(report.consistencyFailures.size() - 1) + " more";
   return line + ")";
}

void printHeader(const TpccReport& report, std::FILE* out) {
   const TpccOptions& o = report.options;
   std::fprintf(out, "kiln-bench tpcc\n");
   std::fprintf(out, "machine   %s\n", machineSummary(report.machine).c_str());
   std::fprintf(out, "commit    %s\n", report.commit.c_str());
   std::fprintf(out, "engine    %s %s\n", o.engine.c_str(), report.engineVersion.c_str());
   std::string limit = o.maxTransactions ? " transactions=" + std::to_string(o.maxTransactions) : "";
   std::fprintf(out, "settings  warehouses=%d duration=%gs%s durable=%s statements=%s seed=%llu clients=%d watts-per-core=%g\n", o.warehouses,
                o.durationSeconds, limit.c_str(), o.durable ? "yes" : "no", o.text ? "text" : "prepared", static_cast<unsigned long long>(o.seed), o.clients,
                o.wattsPerCore);
   std::fprintf(out, "database  %s\n", report.database.c_str());
   std::fprintf(out, "driver    %s\n", mixDriverDescription(o.clients).c_str());
   std::fprintf(out, "energy    %s: %s\n", report.energySource.c_str(), report.energyDescription.c_str());
   for (const std::string& note : report.notes) std::fprintf(out, "note      %s\n", note.c_str());
}

void printLoads(const TpccReport& report, std::FILE* out) {
   if (report.loads.empty()) return;
   std::fprintf(out, "\n%-10s %12s %12s %12s\n", "table", "rows", "load ms", "rows/s");
   uint64_t rows = 0;
   double ms = 0;
   for (const TpccTableLoad& load : report.loads) {
      std::fprintf(out, "%-10s %12llu %12.1f %12.0f\n", load.table.c_str(), static_cast<unsigned long long>(load.rows), load.ms,
                   double(load.rows) / (load.ms / 1000));
      rows += load.rows;
      ms += load.ms;
   }
   std::fprintf(out, "%-10s %12llu %12.1f %12.0f\n", "total", static_cast<unsigned long long>(rows), ms, double(rows) / (ms / 1000));
}

void printTotals(const TpccReport& report, std::FILE* out) {
   const char* label = report.energyEstimated ? " (estimated)" : "";
   uint64_t transactions = totalTransactions(report.mix);
   std::fprintf(out, "\nelapsed   %.2f s\n", report.mix.elapsedSeconds);
   std::fprintf(out, "throughput: %.1f tx/s\n", throughput(report.mix));
   std::fprintf(out, "tpmC      %.0f (New-Order transactions per minute, the rolled-back ones included)\n", tpmC(report.mix));
   std::fprintf(out, "energy    %.3f J during the run%s", report.energyJ, label);
   if (transactions) std::fprintf(out, ", %.4f mJ per transaction", 1000 * report.energyJ / double(transactions));
   std::fprintf(out, "\n");
   if (!report.error.empty()) std::fprintf(out, "error     %s\n", report.error.c_str());
   for (const std::string& failure : report.consistencyFailures) std::fprintf(out, "violated  %s\n", failure.c_str());
   std::fprintf(out, "%s\n", consistencyLine(report).c_str());
}

}  // namespace

uint64_t totalTransactions(const MixResult& mix) {
   uint64_t sum = 0;
   for (const TransactionStats& stats : mix.types) sum += stats.count;
   return sum;
}

double throughput(const MixResult& mix) { return mix.elapsedSeconds > 0 ? double(totalTransactions(mix)) / mix.elapsedSeconds : 0; }

double tpmC(const MixResult& mix) {
   double newOrders = double(mix.types[size_t(TransactionType::NewOrder)].count);
   return mix.elapsedSeconds > 0 ? 60 * newOrders / mix.elapsedSeconds : 0;
}

void printTransactionTable(const MixResult& mix, std::FILE* out) {
   std::fprintf(out, "\n%-13s %10s %9s %7s %9s %9s %9s %9s %9s\n", "transaction", "count", "rollbacks", "share", "mean ms", "p50 ms", "p95 ms", "p99 ms",
                "max ms");
   for (size_t t = 0; t < transactionTypeCount; ++t) {
      const TransactionStats& stats = mix.types[t];
      const std::vector<double>& ms = stats.latencyMs;
      std::fprintf(out, "%-13s %10llu %9llu %6.1f%% %9.3f %9.3f %9.3f %9.3f %9.3f\n", transactionName(TransactionType(t)),
                   static_cast<unsigned long long>(stats.count), static_cast<unsigned long long>(stats.rollbacks), share(mix, stats), mean(ms),
                   percentile(ms, 50), percentile(ms, 95), percentile(ms, 99), percentile(ms, 100));
   }
   std::fprintf(out, "%-13s %10llu %9llu\n", "all", static_cast<unsigned long long>(totalTransactions(mix)), static_cast<unsigned long long>(rollbacks(mix)));
}

void writeTransactionTypesJson(JsonWriter& json, const MixResult& mix) {
   json.beginArray();
   for (size_t t = 0; t < transactionTypeCount; ++t) {
      const TransactionStats& stats = mix.types[t];
      json.beginObject();
      json.member("name", transactionName(TransactionType(t)));
      json.member("count", stats.count);
      json.member("rollbacks", stats.rollbacks);
      json.member("share_percent", share(mix, stats));
      json.member("mean_ms", mean(stats.latencyMs));
      json.member("p50_ms", percentile(stats.latencyMs, 50));
      json.member("p95_ms", percentile(stats.latencyMs, 95));
      json.member("p99_ms", percentile(stats.latencyMs, 99));
      json.member("max_ms", percentile(stats.latencyMs, 100));
      json.endObject();
   }
   json.endArray();
}

double percentile(const std::vector<double>& sorted, double percent) {
   if (sorted.empty()) return std::numeric_limits<double>::quiet_NaN();
   size_t rank = size_t(std::ceil(percent / 100 * double(sorted.size())));
   return sorted[rank ? rank - 1 : 0];
}

void printTpccReport(const TpccReport& report, std::FILE* out) {
   printHeader(report, out);
   printLoads(report, out);
   printTransactionTable(report.mix, out);
   printTotals(report, out);
}

void writeTpccJson(const TpccReport& report, std::ostream& out) {
   const TpccOptions& o = report.options;
   JsonWriter json(out);
   json.beginObject();
   json.member("benchmark", "tpcc");
   json.member("engine", o.engine);
   json.member("engine_version", report.engineVersion);
   json.key("machine");
   writeMachineJson(json, report.machine);
   json.member("commit", report.commit);
   json.key("settings").beginObject();
   json.member("engine", o.engine);
   json.member("warehouses", o.warehouses);
   json.member("duration_s", o.durationSeconds);
   json.member("max_transactions", o.maxTransactions);
   json.member("durable", o.durable);
   json.member("text_statements", o.text);
   json.member("seed", o.seed);
   json.member("clients", o.clients);
   json.member("watts_per_core", o.wattsPerCore);
   json.endObject();
   json.member("database", report.database);
   json.member("driver", mixDriverDescription(o.clients));
   json.member("energy_source", report.energySource);
   json.member("energy_label", report.energyEstimated ? "estimated" : "measured");
   json.member("energy_description", report.energyDescription);
   json.key("notes").beginArray();
   for (const std::string& note : report.notes) json.value(note);
   json.endArray();
   json.key("load").beginArray();
   double loadMs = 0;
   for (const TpccTableLoad& load : report.loads) {
      json.beginObject().member("table", load.table).member("rows", load.rows).member("ms", load.ms).endObject();
      loadMs += load.ms;
   }
   json.endArray();
   json.member("load_ms", loadMs);
   json.member("elapsed_s", report.mix.elapsedSeconds);
   json.member("transactions", totalTransactions(report.mix));
   json.member("throughput_tx_per_s", throughput(report.mix));
   json.member("tpmc", tpmC(report.mix));
   json.member("rollbacks", rollbacks(report.mix));
   json.member("energy_j", report.energyJ);
   uint64_t transactions = totalTransactions(report.mix);
   if (transactions) json.member("energy_j_per_transaction", report.energyJ / double(transactions));
   else json.key("energy_j_per_transaction").null();
   json.key("transaction_types");
   writeTransactionTypesJson(json, report.mix);
   json.key("consistency").beginObject();
   json.member("pass", report.consistent());
   json.member("checked", report.consistencyChecked);
   json.key("failures").beginArray();
   for (const std::string& failure : report.consistencyFailures) json.value(failure);
   json.endArray();
   json.endObject();
   if (report.error.empty()) json.key("error").null();
   else json.member("error", report.error);
   json.endObject();
   out << '\n';
}

}  // namespace kiln::bench
