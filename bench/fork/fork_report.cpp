#include "fork_report.h"

#include "json_writer.h"

#include <algorithm>

namespace kiln::bench {

namespace {

double mib(uint64_t bytes) { return double(bytes) / double(1 << 20); }

double hugeShare(const ProcessMemory& memory) { return memory.residentBytes ? 100.0 * double(memory.hugePageBytes) / double(memory.residentBytes) : 0; }

std::string list(const std::vector<double>& values, const char* format) {
   std::string text;
   for (double value : values) {
      char number[32];
      std::snprintf(number, sizeof number, format, value);
      text += (text.empty() ? "" : ",") + std::string(number);
   }
   return text;
}

void printMemory(const char* label, const ProcessMemory& memory, std::FILE* out) {
   std::fprintf(out, "  %-24s resident %.0f MiB, %.0f MiB (%.0f%%) in huge pages, page tables %.1f MiB\n", label, mib(memory.residentBytes),
                mib(memory.hugePageBytes), hugeShare(memory), mib(memory.pageTableBytes));
}

void writeMemoryJson(JsonWriter& json, const ProcessMemory& memory) {
   json.beginObject();
   json.member("resident_bytes", memory.residentBytes);
   json.member("huge_page_bytes", memory.hugePageBytes);
   json.member("page_table_bytes", memory.pageTableBytes);
   json.endObject();
}

void writeSeries(JsonWriter& json, const char* name, const std::vector<double>& values) {
   json.key(name).beginObject();
   json.member("median", medianOfRuns(values));
   json.key("runs").beginArray();
   for (double value : values) json.value(value);
   json.endArray();
   json.endObject();
}

}  // namespace

void printForkHeader(const ForkReport& report, std::FILE* out) {
   const ForkOptions& o = report.options;
   std::string pages;
   for (PageMode mode : o.pageModes) pages += (pages.empty() ? "" : ",") + std::string(pageModeName(mode));
   std::fprintf(out, "kiln-bench fork\n");
   std::fprintf(out, "machine   %s\n", machineSummary(report.machine).c_str());
   std::fprintf(out, "commit    %s\n", report.commit.c_str());
   std::fprintf(out, "settings  sizes=%s GiB warehouses=%s pages=%s runs=%d updates=%d\n", list(o.sizesGiB, "%g").c_str(),
                list(std::vector<double>(o.warehouses.begin(), o.warehouses.end()), "%g").c_str(), pages.c_str(), o.runs, o.updates);
   std::fprintf(out, "THP       %s\n", report.transparentHugePages.c_str());
   std::fprintf(out,
                "method    fork(): its time in the parent, the child exits at once. Updates: single rows, evenly spread,\n"
                "          prepared; per round the same rows without a child, then with one alive (copy-on-write).\n"
                "          4k: prctl(PR_SET_THP_DISABLE) before loading. Medians of the runs.\n");
}

void printForkResult(const ForkResult& result, std::FILE* out) {
   const ForkMeasurement& m = result.measurement;
   std::fprintf(out, "\n%s, %s pages (loaded in %.1f s)\n", result.database.c_str(), pageModeName(result.pages), result.loadSeconds);
   printMemory("after loading", m.memory, out);
   std::fprintf(out, "  %-24s %.2f (runs %s)\n", "fork ms", medianOfRuns(m.forkMs), list(m.forkMs, "%.2f").c_str());
   std::fprintf(out, "  %-24s %.1f without a child, %.1f with one (+%.1f)\n", "update us", medianOfRuns(m.updateUsAlone), medianOfRuns(m.updateUsShared),
                medianOfRuns(m.updateUsShared) - medianOfRuns(m.updateUsAlone));
   std::fprintf(out, "  %-24s %.2f without a child, %.2f with one\n", "minor faults per update", medianOfRuns(m.faultsPerUpdateAlone),
                medianOfRuns(m.faultsPerUpdateShared));
   std::fprintf(out, "  %-24s %s\n", "update us, child, runs", list(m.updateUsShared, "%.1f").c_str());
   printMemory("after the updates", m.memoryAfterUpdates, out);
   std::fprintf(out, "  %-24s %.2f (runs %s)\n", "fork ms after updates", medianOfRuns(m.forkMsAfterUpdates), list(m.forkMsAfterUpdates, "%.2f").c_str());
}

void writeForkJson(const ForkReport& report, std::ostream& out) {
   const ForkOptions& o = report.options;
   JsonWriter json(out);
   json.beginObject();
   json.member("benchmark", "fork");
   json.key("machine");
   writeMachineJson(json, report.machine);
   json.member("commit", report.commit);
   json.member("transparent_hugepage", report.transparentHugePages);
   json.key("settings").beginObject();
   json.key("sizes_gib").beginArray();
   for (double size : o.sizesGiB) json.value(size);
   json.endArray();
   json.key("warehouses").beginArray();
   for (int warehouses : o.warehouses) json.value(warehouses);
   json.endArray();
   json.member("runs", o.runs);
   json.member("updates", o.updates);
   json.endObject();
   json.key("results").beginArray();
   for (const ForkResult& result : report.results) {
      const ForkMeasurement& m = result.measurement;
      json.beginObject();
      json.member("database", result.database);
      json.member("pages", pageModeName(result.pages));
      json.member("load_s", result.loadSeconds);
      json.key("memory");
      writeMemoryJson(json, m.memory);
      writeSeries(json, "fork_ms", m.forkMs);
      writeSeries(json, "update_us_alone", m.updateUsAlone);
      writeSeries(json, "update_us_shared", m.updateUsShared);
      writeSeries(json, "faults_per_update_alone", m.faultsPerUpdateAlone);
      writeSeries(json, "faults_per_update_shared", m.faultsPerUpdateShared);
      json.key("memory_after_updates");
      writeMemoryJson(json, m.memoryAfterUpdates);
      writeSeries(json, "fork_ms_after_updates", m.forkMsAfterUpdates);
      json.endObject();
   }
   json.endArray();
   json.endObject();
   out << "\n";
}

}  // namespace kiln::bench
