// Recovery of a database directory: the newest checkpoint, then the log files after it, in order.
// A crash can only leave an unfinished record at the end of the newest log file; that is cut.
// Any other damage (a bad record elsewhere, a damaged or missing checkpoint, a missing log file)
// keeps the database from opening with XX001 data_corrupted, naming the file, the byte and the
// last transaction that can be recovered, and changes no file. Forced, recovery restores what
// comes before the damage, writes a checkpoint of it, and moves every file it did not use,
// unchanged, into a folder damaged-<time> in the directory.
//
// Files: checkpoint.<N> is the whole database as of the end of wal.<N>; the log files after it
// hold the transactions since, one record each. The checkpoint before the newest one and the
// log files from it on are kept, so that a damaged newest checkpoint can still be recovered.
#pragma once

#include <cstdint>
#include <string>

#include "storage/catalog.h"

namespace kiln {

struct RecoveryOutcome {
   uint64_t nextLogSequence = 1;     // the log file to write next
   uint64_t newestCheckpoint = 0;    // checkpoint.<N> the database rests on now (0: none)
   uint64_t previousCheckpoint = 0;  // the one before it, kept until another one is written
   std::string forcedReport;         // what a forced recovery found, then (after a newline) what it restored and left out; empty when nothing was damaged
};

/// Recovers the database in `directory` into the empty `catalog`.
RecoveryOutcome recoverDirectory(const std::string& directory, Catalog& catalog, bool force);

/// checkpoint.<N> and wal.<N> in `directory`.
std::string checkpointFile(const std::string& directory, uint64_t sequence);
std::string logFile(const std::string& directory, uint64_t sequence);

}  // namespace kiln
