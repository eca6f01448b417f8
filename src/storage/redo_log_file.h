// A redo log file: records of [u32 length][u32 CRC-32][payload]. Reading stops at the first record
// that is incomplete or whose checksum is wrong (a torn or corrupt tail), and cuts it off.
// The file is laid out with zeros ahead of the records (a length of 0 ends them): a commit then
// overwrites blocks the file already has, and syncing it writes no file-system metadata.
#pragma once

#include <functional>
#include <string>

namespace kiln {

class RedoLogFile {
   public:
   /// Creates `path`; a log file is never opened for writing again (an existing one is an error).
   explicit RedoLogFile(const std::string& path);
   ~RedoLogFile();
   RedoLogFile(const RedoLogFile&) = delete;
   RedoLogFile& operator=(const RedoLogFile&) = delete;

   /// Appends one record (written, not yet synced).
   void append(const std::string& payload);
   /// Makes everything appended so far durable.
   void sync();
   uint64_t size() const { return size_; }

   /// Calls `apply` for each complete record of `path`, in order; cuts the file after the last
   /// good one. Returns false when a bad record was found (and cut).
   static bool replay(const std::string& path, const std::function<void(const char* data, size_t size)>& apply);

   private:
   int fd_ = -1;
   uint64_t size_ = 0;       // the records' bytes
   uint64_t allocated_ = 0;  // the file's bytes: the records, then zeros
   std::string path_;
};

}  // namespace kiln
