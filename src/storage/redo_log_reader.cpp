#include "storage/redo_log_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "kiln/kiln.h"
#include "storage/binary_io.h"
#include "storage/redo_log_format.h"

namespace kiln {

namespace {

using namespace redo_log_format;

[[noreturn]] void ioError(const std::string& what, const std::string& path) {
   throw Error("58030", "could not " + what + " log file \"" + path + "\": " + std::strerror(errno));
}

std::vector<char> readFile(const std::string& path) {
   int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
   if (fd < 0) ioError("open", path);
   std::vector<char> bytes;
   char buffer[1 << 16];
   for (ssize_t n; (n = ::read(fd, buffer, sizeof(buffer))) != 0;) {
      if (n < 0) {
         if (errno == EINTR) continue;
         int error = errno;
         ::close(fd);
         errno = error;
         ioError("read", path);
      }
      bytes.insert(bytes.end(), buffer, buffer + n);
   }
   ::close(fd);
   return bytes;
}

/// Walks the frames of one file and decides how they end.
class FrameWalker {
   public:
   FrameWalker(const std::vector<char>& bytes, RedoLogScan& scan, std::vector<std::string>& joined) : bytes_(bytes), scan_(scan), joined_(joined) {
      size_t last = bytes.size();
      while (last > 0 && bytes[last - 1] == 0) --last;
      written_ = last;
   }

   /// Frames with file headers, from `position` (after the header).
   void walk(uint64_t position) {
      std::string pieces;  // a transaction's frames so far
      uint64_t transactionStart = position;
      for (;;) {
         if (position >= written_) {
            if (!pieces.empty()) return finish(transactionStart, RedoLogEnd::Unfinished, "a transaction's last record is missing");
            return finish(position, RedoLogEnd::Clean, {});
         }
         if (bytes_.size() - position < frameHeaderBytes) return badFrame(transactionStart, {}, "the file ends inside a record's header");
         uint32_t field = load32(at(position)), checksum = load32(at(position + 4));
         if (field == 0 && checksum == 0) return stray(transactionStart, !pieces.empty());
         uint64_t length = field & ~continued;
         uint64_t frameEnd = position + frameHeaderBytes + length + frameTrailerBytes;
         if (length < commitTimeBytes || frameEnd > bytes_.size())
            return badFrame(transactionStart, frameEnd, "a record's length runs past the end of the file");
         uint32_t computed = crc32(&field, 4);
         computed = crc32(at(position + frameHeaderBytes), length, computed);
         if (computed != checksum) return badFrame(transactionStart, frameEnd, "a record's checksum does not match its contents");
         int64_t commitTime;
         std::memcpy(&commitTime, at(position + frameHeaderBytes), commitTimeBytes);
         std::string_view payload(at(position + frameHeaderBytes + commitTimeBytes), length - commitTimeBytes);
         position = frameEnd;
         if (field & continued) {
            pieces.append(payload);
            continue;
         }
         if (!pieces.empty()) {
            pieces.append(payload);
            payload = joined_.emplace_back(std::move(pieces));
            pieces.clear();
         }
         scan_.records.push_back({transactionStart, position, payload, commitTime});
         transactionStart = position;
      }
   }

   /// Frames of files written before file headers: [u32 length][u32 crc of payload][payload].
   void walkOlder() {
      for (uint64_t position = 0;;) {
         if (position >= written_) return finish(position, RedoLogEnd::Clean, {});
         if (bytes_.size() - position < frameHeaderBytes) return finish(position, RedoLogEnd::Unfinished, "the file ends inside a record's header");
         uint32_t length = load32(at(position)), checksum = load32(at(position + 4));
         if (length == 0) return finish(position, RedoLogEnd::Stray, "bytes after the zeros that end the records");
         uint64_t frameEnd = position + frameHeaderBytes + length;
         // These frames have no trailer: one is whole when anything was written at or after its end.
         bool whole = frameEnd <= written_;
         if (frameEnd > bytes_.size() || crc32(at(position + frameHeaderBytes), length) != checksum)
            return finish(position, whole ? RedoLogEnd::Damaged : RedoLogEnd::Unfinished,
                          frameEnd > bytes_.size() ? "a record's length runs past the end of the file" : "a record's checksum does not match its contents");
         scan_.records.push_back({position, frameEnd, std::string_view(at(position + frameHeaderBytes), length), std::nullopt});
         position = frameEnd;
      }
   }

   /// The header at 0 is not one this format writes: damaged, unless its write was cut short.
   void badHeader(const char* problem) { badFrame(0, headerBytes, problem); }

   private:
   const char* at(uint64_t offset) const { return bytes_.data() + offset; }

   void finish(uint64_t goodEnd, RedoLogEnd end, std::string problem) {
      scan_.goodEnd = goodEnd;
      scan_.end = end;
      scan_.problem = std::move(problem);
   }

   /// A frame at `start` that cannot be used (`claimedEnd`: where its header says it ends, if it
   /// says). A write cut short leaves a prefix of what it wrote, then zeros or the end of the
   /// file, and the last byte of a frame is never zero: so a frame is whole when anything was
   /// written at or past its end, and a whole frame at the end of what was written means the bad
   /// one was written whole too.
   void badFrame(uint64_t start, std::optional<uint64_t> claimedEnd, const char* problem) {
      bool whole = (claimedEnd && *claimedEnd <= written_) || wholeFrameEndsWritten(start);
      finish(start, whole ? RedoLogEnd::Damaged : RedoLogEnd::Unfinished, problem);
   }

   /// Zeros where a frame's header should be, then bytes (`partial`: after frames of a
   /// transaction that takes more).
   void stray(uint64_t start, bool partial) {
      if (wholeFrameEndsWritten(start)) return finish(start, RedoLogEnd::Damaged, "a record's header is overwritten with zeros");
      if (partial) return finish(start, RedoLogEnd::Unfinished, "a transaction's last record is missing");
      finish(start, RedoLogEnd::Stray, "bytes after the zeros that end the records");
   }

   /// Whether the last bytes written are the trailer of a whole frame that starts at or after
   /// `from`: its header repeats the trailer, or, the header damaged, its checksum holds.
   bool wholeFrameEndsWritten(uint64_t from) const {
      if (written_ < from + frameHeaderBytes + commitTimeBytes + frameTrailerBytes) return false;
      uint32_t checksum = load32(at(written_ - 8)), field = ~load32(at(written_ - 4));
      uint64_t length = field & ~continued;
      uint64_t frameBytes = frameHeaderBytes + length + frameTrailerBytes;
      if (length < commitTimeBytes || frameBytes > written_ - from) return false;
      uint64_t start = written_ - frameBytes;
      if (load32(at(start)) == field && load32(at(start + 4)) == checksum) return true;
      return crc32(at(start + frameHeaderBytes), length, crc32(&field, 4)) == checksum;
   }

   const std::vector<char>& bytes_;
   RedoLogScan& scan_;
   std::vector<std::string>& joined_;
   uint64_t written_;  // after the last byte that is not zero
};

/// Whether `bytes` start as a file written before file headers did: a first frame whose checksum
/// holds.
bool olderFormat(const std::vector<char>& bytes) {
   if (bytes.size() < frameHeaderBytes) return false;
   uint32_t length = load32(bytes.data()), checksum = load32(bytes.data() + 4);
   return length > 0 && length <= bytes.size() - frameHeaderBytes && crc32(bytes.data() + frameHeaderBytes, length) == checksum;
}

}  // namespace

RedoLogScan scanRedoLog(const std::string& path, uint64_t sequence) {
   RedoLogScan scan;
   scan.bytes_ = readFile(path);
   const std::vector<char>& bytes = scan.bytes_;
   scan.fileBytes = bytes.size();
   FrameWalker walker(bytes, scan, scan.joined_);
   if (bytes.size() >= headerBytes && std::memcmp(bytes.data(), magic, sizeof(magic)) == 0) {
      uint32_t number = load32(bytes.data() + 8), checksum = load32(bytes.data() + 12);
      if (crc32(bytes.data(), 12) != checksum) {
         walker.badHeader("the file's header is damaged");
      } else if (number != uint32_t(sequence)) {
         scan.end = RedoLogEnd::Damaged;
         scan.problem = "the file's header says it is log file " + std::to_string(number);
      } else {
         walker.walk(headerBytes);
      }
   } else if (olderFormat(bytes)) {
      scan.olderFormat = true;
      walker.walkOlder();
   } else if (std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == 0; })) {
      scan.end = RedoLogEnd::Clean;  // created, nothing written yet
   } else {
      walker.badHeader("the file's header is damaged");
   }
   return scan;
}

void cutRedoLog(const std::string& path, uint64_t bytes) {
   int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
   if (fd < 0) ioError("open", path);
   if (::ftruncate(fd, off_t(bytes)) != 0 || ::fsync(fd) != 0) {
      int error = errno;
      ::close(fd);
      errno = error;
      ioError("cut the unfinished end of", path);
   }
   ::close(fd);
}

}  // namespace kiln
