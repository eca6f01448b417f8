// Commit throughput on a database on disk: each connection inserts rows with a prepared
// statement, one transaction per row, with synchronous commit (the default) or without it.
// Several runs per connection count; the median is reported.
//   kiln-commit-bench [--dir DIR] [--connections 1,4,16] [--commits N] [--runs R] [--async]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "kiln/kiln.h"
#include "machine_info.h"

namespace {

struct Settings {
   std::string directory = (std::filesystem::temp_directory_path() / "kiln-commit-bench").string();
   std::vector<int> connections = {1, 4, 16};
   int commitsPerConnection = 2000;
   int runs = 3;
   bool synchronous = true;
};

[[noreturn]] void usage(const std::string& problem) {
   std::cerr << "kiln-commit-bench: " << problem << "\n"
             << "usage: kiln-commit-bench [--dir DIR] [--connections 1,4,16] [--commits N] [--runs R] [--async]\n";
   std::exit(2);
}

int positive(const std::string& text, const std::string& option) {
   try {
      size_t used = 0;
      int value = std::stoi(text, &used);
      if (used == text.size() && value > 0) return value;
   } catch (...) {}
   usage(option + " takes a positive number, not \"" + text + "\"");
}

Settings parse(int argc, char** argv) {
   Settings settings;
   for (int i = 1; i < argc; ++i) {
      std::string option = argv[i];
      auto value = [&]() -> std::string {
         if (i + 1 >= argc) usage(option + " needs a value");
         return argv[++i];
      };
      if (option == "--dir") {
         settings.directory = value();
      } else if (option == "--connections") {
         settings.connections.clear();
         std::stringstream list(value());
         for (std::string item; std::getline(list, item, ',');) settings.connections.push_back(positive(item, option));
      } else if (option == "--commits") {
         settings.commitsPerConnection = positive(value(), option);
      } else if (option == "--runs") {
         settings.runs = positive(value(), option);
      } else if (option == "--async") {
         settings.synchronous = false;
      } else {
         usage("unknown option " + option);
      }
   }
   return settings;
}

/// One run: a fresh database, `connections` threads committing at once; returns commits per second.
double commitsPerSecond(const Settings& settings, int connections) {
   std::filesystem::remove_all(settings.directory);
   kiln::Database db(settings.directory);
   {
      kiln::Connection setup(db);
      setup.query("CREATE TABLE event (connection INTEGER, n INTEGER, payload TEXT, PRIMARY KEY (connection, n))");
   }
   std::vector<std::thread> writers;
   auto start = std::chrono::steady_clock::now();
   for (int c = 0; c < connections; ++c) {
      writers.emplace_back([&, c] {
         kiln::Connection con(db);
         if (!settings.synchronous) con.query("SET synchronous_commit = off");
         auto insert = con.prepare("INSERT INTO event VALUES ($1, $2, 'a payload of some length')");
         for (int64_t n = 0; n < settings.commitsPerConnection; ++n) insert.bind(1, int64_t(c)).bind(2, n).execute();
      });
   }
   for (auto& writer : writers) writer.join();
   double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
   return double(connections) * settings.commitsPerConnection / seconds;
}

}  // namespace

int main(int argc, char** argv) {
   Settings settings = parse(argc, argv);
   kiln::bench::Machine machine = kiln::bench::describeMachine();
   std::printf("kiln-commit-bench\n");
   std::printf("machine   %s, %u cores, %.1f GiB memory, %s\n", machine.cpu.c_str(), machine.cores, double(machine.memoryBytes) / (1 << 30),
               machine.os.c_str());
   std::printf("commit    %s\n", kiln::bench::gitCommit(KILN_SOURCE_DIR).c_str());
   std::printf("settings  dir=%s commits-per-connection=%d runs=%d synchronous_commit=%s\n\n", settings.directory.c_str(), settings.commitsPerConnection,
               settings.runs, settings.synchronous ? "on" : "off");
   std::printf("connections  median commits/s     min commits/s     max commits/s\n");
   try {
      for (int connections : settings.connections) {
         std::vector<double> rates;
         for (int run = 0; run < settings.runs; ++run) rates.push_back(commitsPerSecond(settings, connections));
         std::sort(rates.begin(), rates.end());
         std::printf("%11d  %16.0f  %16.0f  %16.0f\n", connections, rates[rates.size() / 2], rates.front(), rates.back());
      }
   } catch (const kiln::Error& error) {
      std::cerr << "kiln-commit-bench: " << error.what() << "\n";
      return 1;
   }
   std::filesystem::remove_all(settings.directory);
   return 0;
}
