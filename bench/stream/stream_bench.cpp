// Peak memory of reading a large result whole (query) and in chunks (stream), and the time each
// takes; a count(*) of the same rows is the floor (the process, the JIT, the table, no result). Each run is a
// process of its own, so that its peak resident size is its own; the modes alternate, and the
// medians are reported.
//   kiln-stream-bench [--rows N] [--runs R]
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "machine_info.h"

namespace {

struct Settings {
   int64_t rows = 2000000;
   int runs = 5;
};

[[noreturn]] void usage(const std::string& problem) {
   std::cerr << "kiln-stream-bench: " << problem << "\nusage: kiln-stream-bench [--rows N] [--runs R]\n";
   std::exit(2);
}

int64_t positive(const std::string& text, const std::string& option) {
   try {
      size_t used = 0;
      long long value = std::stoll(text, &used);
      if (used == text.size() && value > 0) return value;
   } catch (...) {}
   usage(option + " takes a positive number, not \"" + text + "\"");
}

Settings parse(int argc, char** argv) {
   Settings settings;
   for (int i = 1; i < argc; ++i) {
      std::string option = argv[i];
      if (i + 1 >= argc) usage(option + " needs a value");
      std::string value = argv[++i];
      if (option == "--rows") settings.rows = positive(value, option);
      else if (option == "--runs") settings.runs = int(positive(value, option));
      else usage("unknown option " + option);
   }
   return settings;
}

enum class Mode { Count, Whole, Chunks };
const char* names[] = {"count(*) (floor)", "query (whole)", "stream (chunks)"};

/// In the child: reads the rows as `mode` says and checks their number; the seconds it took.
double readRows(Mode mode, int64_t rows) {
   kiln::Database db;
   kiln::Connection con(db);
   con.query("CREATE TABLE message (id BIGINT, body TEXT)");
   con.query("INSERT INTO message SELECT g, 'message body number ' || g FROM generate_series(1, " + std::to_string(rows) + ") AS s(g)");
   std::string from = " FROM message";
   std::string select = "SELECT id, body" + from;
   auto start = std::chrono::steady_clock::now();
   uint64_t seen = 0, bytes = 0;
   if (mode == Mode::Count) {
      seen = uint64_t(con.query("SELECT count(*)" + from).getInt64(0, 0));
   } else if (mode == Mode::Whole) {
      kiln::Result result = con.query(select);
      for (kiln::Row row : result) bytes += row.getString(1).size(), ++seen;
   } else {
      kiln::ResultStream stream = con.stream(select);
      kiln::Result chunk;
      while (stream.next(chunk))
         for (kiln::Row row : chunk) bytes += row.getString(1).size(), ++seen;
   }
   double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
   if (seen != uint64_t(rows) || (mode != Mode::Count && bytes == 0)) throw kiln::Error("XX000", "read " + std::to_string(seen) + " rows");
   return seconds;
}

struct Run {
   double seconds;
   double peakMiB;
};

Run runInChild(Mode mode, int64_t rows) {
   int pipeFds[2];
   if (::pipe(pipeFds) != 0) throw kiln::Error("58000", "pipe failed");
   pid_t child = ::fork();
   if (child == 0) {
      ::close(pipeFds[0]);
      double seconds = -1;
      try {
         seconds = readRows(mode, rows);
      } catch (const std::exception& error) {
         std::cerr << "kiln-stream-bench: " << error.what() << "\n";
      }
      ssize_t written = ::write(pipeFds[1], &seconds, sizeof(seconds));
      ::_exit(written == sizeof(seconds) && seconds >= 0 ? 0 : 1);
   }
   ::close(pipeFds[1]);
   double seconds = -1;
   ssize_t got = ::read(pipeFds[0], &seconds, sizeof(seconds));
   ::close(pipeFds[0]);
   int status = 0;
   rusage usage{};
   ::wait4(child, &status, 0, &usage);
   if (got != sizeof(seconds) || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
      throw kiln::Error("XX000", std::string("the run of ") + names[int(mode)] + " failed");
   return {seconds, double(usage.ru_maxrss) / 1024};  // ru_maxrss is in KiB
}

double median(std::vector<double> values) {
   std::sort(values.begin(), values.end());
   return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
   Settings settings = parse(argc, argv);
   kiln::bench::Machine machine = kiln::bench::describeMachine();
   std::printf("kiln-stream-bench\n");
   std::printf("machine   %s\n", kiln::bench::machineSummary(machine).c_str());
   std::printf("commit    %s\n", kiln::bench::gitCommit(KILN_SOURCE_DIR).c_str());
   std::printf("settings  rows=%lld runs=%d (SELECT id, body FROM message: a table of that many rows, bodies of 21-27 bytes)\n\n", (long long)settings.rows,
               settings.runs);
   std::vector<double> seconds[3], peaks[3];
   try {
      for (int run = 0; run < settings.runs; ++run) {
         for (Mode mode : {Mode::Count, Mode::Whole, Mode::Chunks}) {
            Run r = runInChild(mode, settings.rows);
            seconds[int(mode)].push_back(r.seconds);
            peaks[int(mode)].push_back(r.peakMiB);
         }
      }
   } catch (const kiln::Error& error) {
      std::cerr << "kiln-stream-bench: " << error.what() << "\n";
      return 1;
   }
   std::printf("%-18s %14s %16s %20s\n", "read as", "median ms", "peak RSS MiB", "above floor MiB");
   double floor = median(peaks[0]);
   for (int m = 0; m < 3; ++m) std::printf("%-18s %14.1f %16.1f %20.1f\n", names[m], median(seconds[m]) * 1000, median(peaks[m]), median(peaks[m]) - floor);
   return 0;
}
