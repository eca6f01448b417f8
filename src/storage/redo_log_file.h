// A redo log file: records of [u32 length][u32 CRC-32][payload]. Reading stops at the first record
// that is incomplete or whose checksum is wrong (a torn or corrupt tail), and cuts it off.
// The file is laid out with zeros ahead of the records (a length of 0 ends them): a commit then
// overwrites blocks the file already has, and syncing it writes no file-system metadata.
// Records are appended in memory and written in batches: a group commit writes what many
// transactions appended with one write, outside their turns (a write to a file being synced waits
// for the sync in the kernel).
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

   /// Appends one record to those waiting to be written.
   void append(const std::string& payload);
   /// Moves the waiting records to `batch` (emptied first) for write(); appending goes on meanwhile.
   void takeWaiting(std::string& batch);
   size_t waitingBytes() const { return waiting_.size(); }
   /// Drops the waiting records from byte `bytes` on (records of a commit that failed).
   void cutWaiting(size_t bytes) { waiting_.resize(bytes); }
   /// Puts a batch that could not be written back in front of the waiting records.
   void putBack(const std::string& batch) { waiting_.insert(0, batch); }
   /// Writes a batch of takeWaiting() after the records written before it.
   void write(const std::string& batch);
   /// Makes what write() wrote durable.
   void syncWritten();
   /// Writes the waiting records and makes everything durable (nothing may be appended meanwhile).
   void sync();
   /// Writes the waiting records, not synced (nothing may be appended meanwhile).
   void writeWaiting();
   /// The bytes of the records written.
   uint64_t size() const { return size_; }

   /// Calls `apply` for each complete record of `path`, in order; cuts the file after the last
   /// good one. Returns false when a bad record was found (and cut).
   static bool replay(const std::string& path, const std::function<void(const char* data, size_t size)>& apply);

   private:
   int fd_ = -1;
   std::string waiting_;     // records appended, not written yet
   std::string spare_;       // writeWaiting's batch (its memory serves the next)
   uint64_t size_ = 0;       // the written records' bytes
   uint64_t allocated_ = 0;  // the file's bytes: the records, then zeros
   std::string path_;
};

}  // namespace kiln
