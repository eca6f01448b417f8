// Reading a redo log file back (storage/redo_log_format.h), and how its records end: cleanly, in
// a record whose write never finished (what a crash leaves at the end of the newest file), or in
// damage (a record written whole and changed since), which recovery must not pass over in silence.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln {

/// One committed transaction's redo records.
struct RedoRecord {
   uint64_t offset = 0;  // where its (first) frame starts in the file
   uint64_t end = 0;     // where its (last) frame ends
   std::string_view payload;
   std::optional<int64_t> commitTime;  // TIMESTAMPTZ; none in files written before it was kept
};

enum class RedoLogEnd {
   Clean,       // zeros, or nothing, after the last record
   Stray,       // bytes past the zeros that end the records, no whole record among them: nothing lost
   Unfinished,  // a record whose end was never written, as a write cut short leaves it
   Damaged,     // a record written whole and changed since, or a whole record after a bad one
};

struct RedoLogScan {
   std::vector<RedoRecord> records;  // the good records, in order
   uint64_t goodEnd = 0;             // where the good records end (after the header, if none)
   RedoLogEnd end = RedoLogEnd::Clean;
   std::string problem;              // what is wrong at goodEnd, unless Clean
   bool olderFormat = false;         // written before file headers and commit times
   uint64_t fileBytes = 0;

   private:
   friend RedoLogScan scanRedoLog(const std::string& path, uint64_t sequence);
   std::vector<char> bytes_;          // the file (records point into it)
   std::vector<std::string> joined_;  // payloads of transactions that took several frames
};

/// Reads log file `path`, which should be the log file numbered `sequence`. Throws 58030 when it
/// cannot be read.
RedoLogScan scanRedoLog(const std::string& path, uint64_t sequence);

/// Cuts log file `path` after `bytes` and syncs it (the end of the newest file a crash left).
void cutRedoLog(const std::string& path, uint64_t bytes);

}  // namespace kiln
