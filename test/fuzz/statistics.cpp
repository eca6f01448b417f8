#include "statistics.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace kiln::fuzz {

namespace {

void printTop(std::ostream& out, const std::map<std::string, uint64_t>& counts, const std::map<std::string, std::string>* examples, size_t limit) {
   std::vector<std::pair<uint64_t, std::string>> sorted;
   for (const auto& [key, count] : counts) sorted.emplace_back(count, key);
   std::sort(sorted.rbegin(), sorted.rend());
   for (size_t i = 0; i < sorted.size() && i < limit; ++i) {
      char count[24];
      std::snprintf(count, sizeof count, "%8llu  ", static_cast<unsigned long long>(sorted[i].first));
      out << count << sorted[i].second;
      if (examples && examples->count(sorted[i].second)) out << "  (" << examples->at(sorted[i].second) << ")";
      out << "\n";
   }
}

}  // namespace

void Statistics::print(std::ostream& out, double seconds) const {
   char rate[64];
   std::snprintf(rate, sizeof rate, "%.1f", seconds > 0 ? double(cases) / seconds : 0.0);
   out << cases << " cases in " << uint64_t(seconds) << " s (" << rate << " per second)\n";
   out << "  same answers:             " << same << " (of them " << bothFailed << " with the same error in both)\n";
   out << "  kiln: not supported 0A000 " << unsupported << "\n";
   printTop(out, unsupportedMessages, nullptr, 12);
   out << "  skipped (PostgreSQL out of time or resources): " << skipped << "\n";
   out << "  a data exception in one system only, which the other did not evaluate: " << evaluatedByOne << "\n";
   out << "  failures:                 " << failures << "\n";
   if (!bothFailedStates.empty()) {
      out << "  errors in both systems, by PostgreSQL's SQLSTATE:\n";
      printTop(out, bothFailedStates, &bothFailedExamples, 12);
   }
}

}  // namespace kiln::fuzz
