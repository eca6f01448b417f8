// A redo log file being written: a header, then a frame per committed transaction
// (storage/redo_log_format.h); scanRedoLog (storage/redo_log_reader.h) reads one back.
// The file is laid out with zeros ahead of the records (zeros end them): a commit then
// overwrites blocks the file already has, and syncing it writes no file-system metadata.
// Records are appended in memory and written in batches: a group commit writes what many
// transactions appended with one write, outside their turns (a write to a file being synced waits
// for the sync in the kernel).
#pragma once

#include <string>

#include "storage/redo_log_format.h"

namespace kiln {

class RedoLogFile {
   public:
   /// Creates `path`, log file number `sequence`, and syncs the directory that holds it (the
   /// records synced into it later must not lose their file); a log file is never opened for
   /// writing again (an existing one is an error). Its header goes out with the first write.
   /// `framePayload`: the most bytes of a transaction's records one frame takes.
   RedoLogFile(const std::string& path, uint64_t sequence, size_t framePayload = redo_log_format::maxFramePayload);
   ~RedoLogFile();
   RedoLogFile(const RedoLogFile&) = delete;
   RedoLogFile& operator=(const RedoLogFile&) = delete;

   /// Appends one transaction's record to those waiting to be written; `commitTime` (a TIMESTAMP
   /// WITH TIME ZONE value) is kept with it for what recovery reports.
   void append(const std::string& payload, int64_t commitTime);
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
   /// The bytes a transaction's records of `payloadBytes` take in the file.
   uint64_t frameBytes(size_t payloadBytes) const;
   /// The bytes written: the header and the records.
   uint64_t size() const { return size_; }

   private:
   int fd_ = -1;
   std::string waiting_;     // records appended, not written yet
   std::string spare_;       // writeWaiting's batch (its memory serves the next)
   uint64_t size_ = 0;       // the written records' bytes
   uint64_t allocated_ = 0;  // the file's bytes: the records, then zeros
   size_t framePayload_;
   std::string path_;
};

}  // namespace kiln
