#include "machine_info.h"

#include "json_writer.h"

#include <sys/utsname.h>

#include <cstdio>
#include <fstream>
#include <thread>

namespace kiln::bench {

namespace {

/// The value of the first "key : value" line of a /proc file whose key is one of `keys`.
std::string procField(const std::string& path, std::initializer_list<std::string> keys) {
   std::ifstream in(path);
   for (std::string line; std::getline(in, line);) {
      size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
      for (const std::string& wanted : keys) {
         if (key != wanted) continue;
         size_t value = line.find_first_not_of(" \t", colon + 1);
         return value == std::string::npos ? "" : line.substr(value);
      }
   }
   return {};
}

}  // namespace

Machine describeMachine() {
   Machine machine;
   // x86 says "model name"; some ARM kernels only "Hardware" or "Processor".
   machine.cpu = procField("/proc/cpuinfo", {"model name", "Hardware", "Processor"});
   if (machine.cpu.empty()) machine.cpu = "unknown";
   machine.cores = std::thread::hardware_concurrency();
   std::string memory = procField("/proc/meminfo", {"MemTotal"});  // "24567890 kB"
   machine.memoryBytes = memory.empty() ? 0 : std::stoull(memory) * 1024;
   utsname name{};
   if (uname(&name) == 0) machine.os = std::string(name.sysname) + " " + name.release + " " + name.machine;
   return machine;
}

std::string gitCommit(const std::string& repository) {
   std::string command = "git -C '" + repository + "' rev-parse HEAD 2>/dev/null";
   FILE* pipe = popen(command.c_str(), "r");
   if (!pipe) return "unknown";
   char line[128] = {};
   bool read = std::fgets(line, sizeof(line), pipe) != nullptr;
   int status = pclose(pipe);
   std::string commit = read ? line : "";
   while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r')) commit.pop_back();
   return status == 0 && commit.size() == 40 ? commit : "unknown";
}

std::string machineSummary(const Machine& machine) {
   char memory[32];
   std::snprintf(memory, sizeof(memory), "%.1f", double(machine.memoryBytes) / double(1ull << 30));
   return machine.cpu + ", " + std::to_string(machine.cores) + " cores, " + memory + " GiB memory, " + machine.os;
}

void writeMachineJson(JsonWriter& json, const Machine& machine) {
   json.beginObject()
      .member("cpu", machine.cpu)
      .member("cores", uint64_t(machine.cores))
      .member("memory_bytes", machine.memoryBytes)
      .member("os", machine.os)
      .endObject();
}

}  // namespace kiln::bench
