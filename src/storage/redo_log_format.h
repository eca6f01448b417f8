// The layout of a redo log file, shared by the writer (RedoLogFile) and the reader (scanRedoLog).
//
// A file starts with a header: the magic "kilnwal2", the file's own sequence number (wal.<N>
// holds N) and a CRC-32 of the two. Then one frame per committed transaction:
//   [u32 length][u32 crc][i64 commit time][payload][u32 crc][u32 ~length]
// length counts the commit time and the payload; crc covers length, commit time and payload. A
// transaction whose records exceed maxFramePayload takes several frames in a row, all but the last
// with the `continued` bit set in their length: recovery applies it only when its last is there.
// The trailer repeats the header, so that a reader can tell a record whose end was never written
// (a torn write leaves zeros or the end of the file there) from one written whole and damaged
// since; ~length puts its last byte, the frame's, never at zero. Zeros after the last frame end
// the records.
// Files written before this format have no header and frames [u32 length][u32 crc][payload]
// (crc of the payload alone, no trailer) from byte 0.
#pragma once

#include <cstdint>
#include <cstring>

namespace kiln::redo_log_format {

constexpr char magic[8] = {'k', 'i', 'l', 'n', 'w', 'a', 'l', '2'};
constexpr size_t headerBytes = 16;  // magic, u32 sequence, u32 crc
constexpr size_t frameHeaderBytes = 8;
constexpr size_t frameTrailerBytes = 8;
constexpr size_t commitTimeBytes = 8;
constexpr uint32_t continued = uint32_t(1) << 31;
constexpr size_t maxFramePayload = size_t(1) << 30;

inline uint32_t load32(const char* p) {
   uint32_t v;
   std::memcpy(&v, p, 4);
   return v;
}

}  // namespace kiln::redo_log_format
