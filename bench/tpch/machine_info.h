// What a benchmark ran on and which code it measured, for every report.
#pragma once

#include <cstdint>
#include <string>

namespace kiln::bench {

class JsonWriter;

struct Machine {
   std::string cpu;           // model name, "unknown" when the kernel does not say
   unsigned cores = 0;        // logical CPUs available to this process
   uint64_t memoryBytes = 0;  // MemTotal
   std::string os;            // kernel name, release and architecture
};

Machine describeMachine();
/// "CPU, N cores, X GiB memory, OS": the machine line of every report.
std::string machineSummary(const Machine& machine);
/// {cpu, cores, memory_bytes, os}
void writeMachineJson(JsonWriter& json, const Machine& machine);

/// `git rev-parse HEAD` of the repository, "unknown" when it is not a git checkout.
std::string gitCommit(const std::string& repository);

}  // namespace kiln::bench
