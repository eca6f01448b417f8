// A redo log file: records of [u32 length][u32 CRC-32][payload]. Reading stops at the first record
// that is incomplete or whose checksum is wrong (a torn or corrupt tail), and cuts it off.
#pragma once

#include <functional>
#include <string>

namespace kiln {

class RedoLogFile {
   public:
   /// Opens (creating) `path` for appending.
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
   uint64_t size_ = 0;
   std::string path_;
};

}  // namespace kiln
