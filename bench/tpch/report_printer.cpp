#include "report_printer.h"

#include "data_generator.h"

#include <string>

namespace kiln::bench {

namespace {

std::string join(const std::vector<int>& numbers) {
   std::string text;
   for (int number : numbers) text += (text.empty() ? "" : ",") + std::to_string(number);
   return text;
}

/// 1234567 -> "1,234,567"
std::string grouped(uint64_t number) {
   std::string digits = std::to_string(number), text;
   for (size_t i = 0; i < digits.size(); ++i) {
      if (i && (digits.size() - i) % 3 == 0) text += ',';
      text += digits[i];
   }
   return text;
}

void printHeader(const TpchReport& report, std::FILE* out) {
   const TpchOptions& o = report.options;
   std::fprintf(out, "kiln-bench tpch\n");
   std::fprintf(out, "machine   %s\n", machineSummary(report.machine).c_str());
   std::fprintf(out, "commit    %s\n", report.commit.c_str());
   std::fprintf(out, "engine    %s %s\n", o.engine.c_str(), report.engineVersion.c_str());
   std::fprintf(out, "settings  sf=%s threads=%d runs=%d (after 1 warm-up) plan-cache=%s queries=%s timeout=%gs watts-per-core=%g allow-errors=%s\n",
                scaleFactorName(o.scaleFactor).c_str(), o.threads, o.runs, o.planCache ? "on" : "off", join(o.queries).c_str(), o.timeoutSeconds,
                o.wattsPerCore, o.allowErrors ? "yes" : "no");
   std::fprintf(out, "data      %s\n", report.dataDir.c_str());
   std::fprintf(out, "energy    %s: %s\n", report.energySource.c_str(), report.energyDescription.c_str());
   for (const std::string& note : report.notes) std::fprintf(out, "note      %s\n", note.c_str());
}

void printLoads(const TpchReport& report, std::FILE* out) {
   std::fprintf(out, "\n%-10s %14s %12s %14s\n", "table", "rows", "load ms", "rows/s");
   uint64_t rows = 0;
   double ms = 0;
   for (const TableLoad& load : report.loads) {
      std::fprintf(out, "%-10s %14s %12.1f %14s\n", load.table.c_str(), grouped(load.rows).c_str(), load.ms,
                   grouped(uint64_t(double(load.rows) / (load.ms / 1000))).c_str());
      rows += load.rows;
      ms += load.ms;
   }
   std::fprintf(out, "%-10s %14s %12.1f %14s\n", "total", grouped(rows).c_str(), ms, grouped(uint64_t(double(rows) / (ms / 1000))).c_str());
}

const char* correctText(const QueryMeasurement& query) {
   if (!query.correct) return "-";
   return *query.correct ? "yes" : "NO";
}

void printQueries(const TpchReport& report, std::FILE* out) {
   std::string energyHeader = report.energyEstimated ? "energy J (estimated)" : "energy J (" + report.energySource + ")";
   std::fprintf(out, "\n%-5s %10s %10s %10s %11s %10s %10s %9s %8s  %s\n", "query", "median ms", "min ms", "max ms", "1st compile", "compile ms", "exec ms",
                "rows", "correct", energyHeader.c_str());
   for (const QueryMeasurement& query : report.queries) {
      if (query.failed()) {
         std::fprintf(out, "Q%02d   error %s\n", query.query, query.error.c_str());
         continue;
      }
      std::fprintf(out, "Q%02d   %10.2f %10.2f %10.2f %11.2f %10.2f %10.2f %9llu %8s  %.3f\n", query.query, median(query.totalMs), minimum(query.totalMs),
                   maximum(query.totalMs), query.firstCompileMs, median(query.compileMs), median(query.executeMs), static_cast<unsigned long long>(query.rows),
                   correctText(query), query.energyJ);
   }
}

void printTotals(const TpchReport& report, std::FILE* out) {
   size_t ran = report.queries.size() - failedQueries(report);
   const char* label = report.energyEstimated ? " (estimated)" : "";
   std::fprintf(out, "\ntotal     %.2f ms (sum of medians of %zu queries that ran; %zu failed)\n", totalMs(report), ran, failedQueries(report));
   std::vector<double> firstCompiles;
   for (const QueryMeasurement& query : report.queries)
      if (!query.failed()) firstCompiles.push_back(query.firstCompileMs);
   if (!firstCompiles.empty()) {
      double sum = 0;
      for (double ms : firstCompiles) sum += ms;
      std::fprintf(out, "compile   first runs: median %.2f ms, max %.2f ms, total %.2f ms\n", median(firstCompiles), maximum(firstCompiles), sum);
   }
   std::fprintf(out, "energy    %.3f J per run of the queries%s\n", totalEnergyJ(report), label);
   if (std::optional<double> qphpw = queriesPerHourPerWatt(report)) std::fprintf(out, "          %.1f queries per hour per Watt%s\n", *qphpw, label);
   size_t wrong = wrongAnswers(report), checked = 0;
   for (const QueryMeasurement& query : report.queries) checked += query.correct.has_value();
   if (wrong) std::fprintf(out, "answers   %zu of %zu WRONG\n", wrong, checked);
   else if (checked) std::fprintf(out, "answers   %zu checked, all correct\n", checked);
   else std::fprintf(out, "answers   none checked (no reference answers for SF %s)\n", scaleFactorName(report.options.scaleFactor).c_str());
}

void printWrongAnswers(const TpchReport& report, std::FILE* out) {
   for (const QueryMeasurement& query : report.queries) {
      if (query.correct != false) continue;
      std::fprintf(out, "\n*** WRONG ANSWER: Q%02d ***\n%s", query.query, query.mismatch.c_str());
   }
}

}  // namespace

void printReport(const TpchReport& report, std::FILE* out) {
   printHeader(report, out);
   printLoads(report, out);
   printQueries(report, out);
   printTotals(report, out);
   printWrongAnswers(report, out);
}

}  // namespace kiln::bench
