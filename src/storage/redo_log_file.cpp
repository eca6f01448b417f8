#include "storage/redo_log_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "storage/binary_io.h"
#include "storage/file_sync.h"

namespace kiln {

namespace {

[[noreturn]] void ioError(const std::string& what, const std::string& path) {
   throw Error("58030", "could not " + what + " \"" + path + "\": " + std::strerror(errno));
}

/// The file grows by this many zeros at a time: a sync after it writes metadata once per this
/// many bytes of records, not once per commit.
constexpr uint64_t zerosAhead = uint64_t(1) << 20;

void writeAt(int fd, const char* data, size_t size, uint64_t offset, const std::string& path) {
   for (size_t written = 0; written < size;) {
      ssize_t n = ::pwrite(fd, data + written, size - written, off_t(offset + written));
      if (n < 0) {
         if (errno == EINTR) continue;
         ioError("write to log file", path);
      }
      written += size_t(n);
   }
}

}  // namespace

RedoLogFile::RedoLogFile(const std::string& path, uint64_t sequence, size_t framePayload) : framePayload_(framePayload), path_(path) {
   fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
   if (fd_ < 0) ioError("open log file", path);
   syncDirectoryOf(path);
   using namespace redo_log_format;
   waiting_.append(magic, sizeof(magic));
   uint32_t number = uint32_t(sequence);
   waiting_.append(reinterpret_cast<const char*>(&number), 4);
   uint32_t checksum = crc32(waiting_.data(), waiting_.size());
   waiting_.append(reinterpret_cast<const char*>(&checksum), 4);
}

RedoLogFile::~RedoLogFile() {
   if (fd_ >= 0) ::close(fd_);
}

void RedoLogFile::append(const std::string& payload, int64_t commitTime) {
   using namespace redo_log_format;
   size_t from = 0;
   do {
      size_t piece = std::min(payload.size() - from, framePayload_);
      bool last = from + piece == payload.size();
      uint32_t length = uint32_t(commitTimeBytes + piece) | (last ? 0 : continued);
      uint32_t checksum = crc32(&length, 4);
      checksum = crc32(&commitTime, commitTimeBytes, checksum);
      checksum = crc32(payload.data() + from, piece, checksum);
      uint32_t complement = ~length;
      waiting_.append(reinterpret_cast<const char*>(&length), 4);
      waiting_.append(reinterpret_cast<const char*>(&checksum), 4);
      waiting_.append(reinterpret_cast<const char*>(&commitTime), commitTimeBytes);
      waiting_.append(payload, from, piece);
      waiting_.append(reinterpret_cast<const char*>(&checksum), 4);
      waiting_.append(reinterpret_cast<const char*>(&complement), 4);
      from += piece;
   } while (from < payload.size());
}

uint64_t RedoLogFile::frameBytes(size_t payloadBytes) const {
   using namespace redo_log_format;
   uint64_t frames = std::max<uint64_t>(1, (payloadBytes + framePayload_ - 1) / framePayload_);
   return frames * (frameHeaderBytes + commitTimeBytes + frameTrailerBytes) + payloadBytes;
}

void RedoLogFile::takeWaiting(std::string& batch) {
   batch.clear();
   batch.swap(waiting_);
}

void RedoLogFile::write(const std::string& batch) {
   if (batch.empty()) return;
   if (size_ + batch.size() > allocated_) {
      uint64_t grown = std::max(allocated_ + zerosAhead, size_ + batch.size() + zerosAhead);
      std::vector<char> zeros(grown - allocated_, 0);
      writeAt(fd_, zeros.data(), zeros.size(), allocated_, path_);
      allocated_ = grown;
   }
   writeAt(fd_, batch.data(), batch.size(), size_, path_);
   size_ += batch.size();
}

void RedoLogFile::syncWritten() {
   if (::fdatasync(fd_) != 0) ioError("sync log file", path_);
}

void RedoLogFile::writeWaiting() {
   takeWaiting(spare_);
   try {
      write(spare_);
   } catch (...) {
      putBack(spare_);
      throw;
   }
}

void RedoLogFile::sync() {
   writeWaiting();
   syncWritten();
}

}  // namespace kiln
