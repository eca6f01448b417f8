// The report of `kiln-bench fork`: the machine, the commit, the settings, and per database and
// page size the fork and copy-on-write figures (medians of the runs); text and JSON.
#pragma once

#include "fork_measurement.h"
#include "fork_options.h"
#include "machine_info.h"

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

namespace kiln::bench {

struct ForkResult {
   std::string database;
   PageMode pages = PageMode::Huge;
   double loadSeconds = 0;
   ForkMeasurement measurement;
};

struct ForkReport {
   Machine machine;
   std::string commit;
   std::string transparentHugePages;  // the kernel's settings, enabled and defrag
   ForkOptions options;
   std::vector<ForkResult> results;
};

void printForkHeader(const ForkReport& report, std::FILE* out);
void printForkResult(const ForkResult& result, std::FILE* out);
void writeForkJson(const ForkReport& report, std::ostream& out);

}  // namespace kiln::bench
