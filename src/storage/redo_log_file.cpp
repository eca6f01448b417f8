#include "storage/redo_log_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <vector>

#include "storage/binary_io.h"

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

RedoLogFile::RedoLogFile(const std::string& path) : path_(path) {
   fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
   if (fd_ < 0) ioError("open log file", path);
}

RedoLogFile::~RedoLogFile() {
   if (fd_ >= 0) ::close(fd_);
}

void RedoLogFile::append(const std::string& payload) {
   uint32_t length = uint32_t(payload.size()), checksum = crc32(payload.data(), payload.size());
   waiting_.append(reinterpret_cast<const char*>(&length), 4);
   waiting_.append(reinterpret_cast<const char*>(&checksum), 4);
   waiting_.append(payload);
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

bool RedoLogFile::replay(const std::string& path, const std::function<void(const char*, size_t)>& apply) {
   int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
   if (fd < 0) ioError("open log file", path);
   std::vector<char> data;
   char buffer[1 << 16];
   for (ssize_t n; (n = ::read(fd, buffer, sizeof(buffer))) != 0;) {
      if (n < 0) {
         if (errno == EINTR) continue;
         ::close(fd);
         ioError("read log file", path);
      }
      data.insert(data.end(), buffer, buffer + n);
   }
   size_t position = 0;
   bool intact = true;
   while (position < data.size()) {
      uint32_t length, checksum;
      if (data.size() - position < 8) {
         intact = false;
         break;
      }
      std::memcpy(&length, data.data() + position, 4);
      std::memcpy(&checksum, data.data() + position + 4, 4);
      if (length == 0) {
         // The zeros laid out ahead of the records: the end, unless something was written there.
         intact = std::all_of(data.begin() + long(position), data.end(), [](char c) { return c == 0; });
         break;
      }
      if (data.size() - position - 8 < length || crc32(data.data() + position + 8, length) != checksum) {
         intact = false;
         break;
      }
      apply(data.data() + position + 8, length);
      position += 8 + length;
   }
   // A torn or corrupt tail is cut at the last complete record.
   if (!intact && (::ftruncate(fd, off_t(position)) != 0 || ::fsync(fd) != 0)) {
      ::close(fd);
      ioError("cut the torn end of log file", path);
   }
   ::close(fd);
   return intact;
}

}  // namespace kiln
