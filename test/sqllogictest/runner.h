// Runs sqllogictest scripts against kiln.
#pragma once

#include <cstddef>
#include <string>

namespace kiln::sqllogictest {

struct RunnerOptions {
   std::string sharedDir;  // replaces __SHARED__ in SQL
   std::string dataDir;    // replaces __DATA__ in SQL (TPC-H SF 0.01 .tbl files)
   std::string testDir;    // replaces __TESTDIR__ in SQL (test/sql, for fixture files)
                           // (__SCRATCH__ is a directory of each script run's own, for files it writes)
   int threads = 0;        // SET threads on the script's connection first (0: leave the default)
};

struct Tally {
   size_t passed = 0;
   size_t failed = 0;
};

/// Runs one script on a fresh in-memory database, printing each failing record.
Tally runScript(const std::string& path, const RunnerOptions& options);

}  // namespace kiln::sqllogictest
