// What the snapshot tests look at from outside: this process's children in /proc (a snapshot is a
// child forked from the database), waits with a bound, and the SQLSTATE a statement fails with.
#pragma once

#include <dirent.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "kiln/kiln.h"

namespace kiln::snapshot_test {

/// A child of this process and its state letter (R, S, Z, ...), from /proc/<pid>/stat.
struct Child {
   pid_t pid;
   char state;
   bool operator<(const Child& other) const { return pid < other.pid; }
};

/// The processes whose parent is this one.
inline std::set<Child> children() {
   std::set<Child> found;
   DIR* proc = ::opendir("/proc");
   if (!proc) return found;
   while (dirent* entry = ::readdir(proc)) {
      char* end = nullptr;
      long pid = std::strtol(entry->d_name, &end, 10);
      if (pid <= 0 || *end != '\0') continue;
      std::ifstream stat("/proc/" + std::string(entry->d_name) + "/stat");
      std::string line;
      if (!std::getline(stat, line)) continue;
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, the last ')' ends it.
      size_t close = line.rfind(')');
      if (close == std::string::npos) continue;
      std::istringstream rest(line.substr(close + 1));
      char state = 0;
      long parent = 0;
      rest >> state >> parent;
      if (parent == ::getpid()) found.insert({pid_t(pid), state});
   }
   ::closedir(proc);
   return found;
}

inline std::set<pid_t> childPids() {
   std::set<pid_t> pids;
   for (const Child& child : children()) pids.insert(child.pid);
   return pids;
}

/// Children that are zombies (ended, never waited for).
inline int zombieCount() {
   int zombies = 0;
   for (const Child& child : children()) zombies += child.state == 'Z';
   return zombies;
}

/// Polls `condition` every few milliseconds for up to `limit`; true once it holds.
inline bool waitFor(const std::function<bool()>& condition, std::chrono::milliseconds limit = std::chrono::seconds(20)) {
   auto until = std::chrono::steady_clock::now() + limit;
   for (;;) {
      if (condition()) return true;
      if (std::chrono::steady_clock::now() >= until) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
   }
}

/// A child that was not in `before`, once one appears (-1 if none does within the limit).
inline pid_t newChild(const std::set<pid_t>& before, std::chrono::milliseconds limit = std::chrono::seconds(20)) {
   pid_t found = -1;
   waitFor(
      [&] {
         for (pid_t pid : childPids())
            if (!before.count(pid)) found = pid;
         return found > 0;
      },
      limit);
   return found;
}

/// The SQLSTATE `work` fails with, "" when it does not fail.
inline std::string sqlstateOf(const std::function<void()>& work, std::string* message = nullptr, int* position = nullptr) {
   try {
      work();
   } catch (const kiln::Error& error) {
      if (message) *message = error.message();
      if (position) *position = error.position();
      return error.sqlstate();
   }
   return "";
}

}  // namespace kiln::snapshot_test
