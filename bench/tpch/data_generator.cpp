#include "data_generator.h"

#include "progress.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

extern char** environ;

namespace kiln::bench {

namespace fs = std::filesystem;

namespace {

// tpchgen-cli writes about 1.1 GB of .tbl files per unit of scale factor.
constexpr double bytesPerScaleFactor = 1.1e9;

uint64_t directoryBytes(const fs::path& directory) {
   uint64_t bytes = 0;
   std::error_code error;
   for (const auto& entry : fs::directory_iterator(directory, error)) {
      std::error_code sizeError;
      uint64_t size = entry.file_size(sizeError);
      if (!sizeError) bytes += size;
   }
   return bytes;
}

/// The last lines of a file, for an error message.
std::string tail(FILE* file, size_t bytes) {
   std::fseek(file, 0, SEEK_END);
   long size = std::ftell(file);
   std::fseek(file, std::max(0L, size - long(bytes)), SEEK_SET);
   std::string text(size_t(std::min(size, long(bytes))), '\0');
   text.resize(std::fread(text.data(), 1, text.size(), file));
   return text;
}

/// Runs the command, showing how much it has written to `output` so far. Its own output (progress bars
/// that would fight with ours) is kept aside and shown only when it fails. Throws when it fails.
void runWithProgress(const std::vector<std::string>& command, const fs::path& output, uint64_t expectedBytes) {
   std::vector<char*> argv;
   for (const std::string& arg : command) argv.push_back(const_cast<char*>(arg.c_str()));
   argv.push_back(nullptr);
   std::unique_ptr<FILE, int (*)(FILE*)> log(std::tmpfile(), &std::fclose);
   if (!log) throw std::runtime_error("cannot create a temporary file");
   posix_spawn_file_actions_t actions;
   posix_spawn_file_actions_init(&actions);
   posix_spawn_file_actions_adddup2(&actions, fileno(log.get()), STDOUT_FILENO);
   posix_spawn_file_actions_adddup2(&actions, fileno(log.get()), STDERR_FILENO);
   pid_t child;
   int spawned = posix_spawn(&child, argv[0], &actions, nullptr, argv.data(), environ);
   posix_spawn_file_actions_destroy(&actions);
   if (spawned != 0) throw std::runtime_error("cannot run " + command[0] + ": " + std::strerror(spawned));

   Progress progress;
   auto start = std::chrono::steady_clock::now();
   int status = 0;
   while (waitpid(child, &status, WNOHANG) == 0) {
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      char elapsed[32];
      std::snprintf(elapsed, sizeof(elapsed), ", %.0f s", seconds);
      progress.show("generating: " + byteProgress(directoryBytes(output), expectedBytes) + elapsed);
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
   }
   progress.clear();
   if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
   std::string how = WIFEXITED(status) ? "exit status " + std::to_string(WEXITSTATUS(status)) : "signal " + std::to_string(WTERMSIG(status));
   throw std::runtime_error(command[0] + " failed (" + how + ")\n" + tail(log.get(), 2000));
}

}  // namespace

std::string scaleFactorName(double scaleFactor) {
   char name[32];
   std::snprintf(name, sizeof(name), "%g", scaleFactor);
   return name;
}

std::string ensureTpchData(const std::string& root, double scaleFactor, const std::string& tpchgen) {
   fs::path directory = fs::path(root) / ("sf" + scaleFactorName(scaleFactor));
   if (fs::exists(directory / "lineitem.tbl")) return directory.string();
   if (access(tpchgen.c_str(), X_OK) != 0)
      throw std::runtime_error("no TPC-H data in " + directory.string() + ", and no " + tpchgen + " to generate it (run scripts/setup)");

   fs::path temporary = directory.string() + ".tmp";
   fs::remove_all(temporary);
   fs::create_directories(temporary);
   std::fprintf(stderr, "generating TPC-H SF %s into %s\n", scaleFactorName(scaleFactor).c_str(), directory.string().c_str());
   auto start = std::chrono::steady_clock::now();
   try {
      runWithProgress({tpchgen, "-s", scaleFactorName(scaleFactor), "--output-dir", temporary.string()}, temporary,
                      uint64_t(bytesPerScaleFactor * scaleFactor));
   } catch (const std::exception&) {
      fs::remove_all(temporary);
      throw;
   }
   fs::remove_all(directory);
   fs::rename(temporary, directory);
   std::fprintf(stderr, "generated %s in %.1f s\n", directory.string().c_str(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
   return directory.string();
}

}  // namespace kiln::bench
