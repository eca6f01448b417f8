#include "tpch_report.h"

#include <algorithm>
#include <cmath>

namespace kiln::bench {

double median(std::vector<double> values) {
   if (values.empty()) return NAN;
   std::sort(values.begin(), values.end());
   size_t middle = values.size() / 2;
   return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

double minimum(const std::vector<double>& values) { return values.empty() ? NAN : *std::min_element(values.begin(), values.end()); }

double maximum(const std::vector<double>& values) { return values.empty() ? NAN : *std::max_element(values.begin(), values.end()); }

double totalMs(const TpchReport& report) {
   double total = 0;
   for (const QueryMeasurement& query : report.queries)
      if (!query.failed()) total += median(query.totalMs);
   return total;
}

double totalEnergyJ(const TpchReport& report) {
   double total = 0;
   for (const QueryMeasurement& query : report.queries)
      if (!query.failed()) total += query.energyJ;
   return total;
}

std::optional<double> queriesPerHourPerWatt(const TpchReport& report) {
   double joules = totalEnergyJ(report);
   size_t ran = report.queries.size() - failedQueries(report);
   if (joules <= 0 || ran == 0) return std::nullopt;
   return 3600.0 * double(ran) / joules;
}

size_t wrongAnswers(const TpchReport& report) {
   return size_t(std::count_if(report.queries.begin(), report.queries.end(), [](const QueryMeasurement& q) { return q.correct == false; }));
}

size_t failedQueries(const TpchReport& report) {
   return size_t(std::count_if(report.queries.begin(), report.queries.end(), [](const QueryMeasurement& q) { return q.failed(); }));
}

}  // namespace kiln::bench
