// RedoLogFile and scanRedoLog: records read back in order past the zeros laid out ahead of them,
// and each way their end can look told apart: clean, a write cut short (what a crash leaves),
// bytes past the end that hold nothing, and damage to a record written whole.
#include "storage/redo_log_file.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "kiln/kiln.h"
#include "storage/binary_io.h"
#include "storage/redo_log_reader.h"

namespace {

using kiln::RedoLogEnd;
using kiln::RedoLogFile;
using kiln::RedoLogScan;

class RedoLogFileTest : public ::testing::Test {
   protected:
   void SetUp() override {
      directory_ = std::filesystem::temp_directory_path() / ("kiln-redo-log-test-" + std::to_string(::getpid()));
      std::filesystem::remove_all(directory_);
      std::filesystem::create_directories(directory_);
      path_ = (directory_ / "wal.7").string();
   }
   void TearDown() override { std::filesystem::remove_all(directory_); }

   /// Writes `records` (commit times 100, 101, ...); returns where each record's frame ends.
   std::vector<uint64_t> write(const std::vector<std::string>& records, size_t framePayload = size_t(1) << 30) {
      RedoLogFile log(path_, 7, framePayload);
      std::vector<uint64_t> ends;
      for (size_t i = 0; i < records.size(); ++i) {
         log.append(records[i], int64_t(100 + i));
         log.writeWaiting();
         ends.push_back(log.size());
      }
      return ends;
   }

   static std::vector<std::string> payloads(const RedoLogScan& scan) {
      std::vector<std::string> records;
      for (auto& record : scan.records) records.emplace_back(record.payload);
      return records;
   }

   /// Overwrites the file at `offset` (the records' own layout is the file's business; tests
   /// damage it from outside, as a crash or a bad disk would).
   void overwrite(uint64_t offset, const std::string& bytes) {
      std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
      file.seekp(std::streamoff(offset));
      file.write(bytes.data(), std::streamsize(bytes.size()));
   }
   /// Zeros from `offset` to the end of the file: what a write that stopped there leaves.
   void zeroFrom(uint64_t offset) { overwrite(offset, std::string(std::filesystem::file_size(path_) - offset, '\0')); }

   std::filesystem::path directory_;
   std::string path_;
};

const std::vector<std::string> threeRecords = {"first", std::string(3 << 20, 'x'), "third"};  // one larger than a step of zeros

TEST_F(RedoLogFileTest, RecordsComeBackInOrderWithTheirCommitTimes) {
   std::vector<uint64_t> ends = write(threeRecords);
   EXPECT_GT(std::filesystem::file_size(path_), ends.back());
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_TRUE(payloads(scan) == threeRecords);
   EXPECT_EQ(scan.end, RedoLogEnd::Clean);
   EXPECT_EQ(scan.goodEnd, ends.back());
   ASSERT_EQ(scan.records.size(), 3u);
   EXPECT_EQ(scan.records[2].end, ends[2]);
   EXPECT_EQ(scan.records[1].commitTime, 101);
}

TEST_F(RedoLogFileTest, ATransactionLargerThanAFrameTakesSeveralAndComesBackWhole) {
   std::string large(1000, 'y');
   for (size_t i = 0; i < large.size(); ++i) large[i] = char('a' + i % 26);
   std::vector<uint64_t> ends = write({"before", large, "after"}, 64);
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_EQ(payloads(scan), (std::vector<std::string>{"before", large, "after"}));
   EXPECT_EQ(scan.end, RedoLogEnd::Clean);
   // Its last frame never written: none of it is applied.
   zeroFrom(ends[1] - 40);
   scan = kiln::scanRedoLog(path_, 7);
   EXPECT_EQ(payloads(scan), std::vector<std::string>{"before"});
   EXPECT_EQ(scan.end, RedoLogEnd::Unfinished);
   EXPECT_EQ(scan.goodEnd, ends[0]);
}

TEST_F(RedoLogFileTest, BatchesAreWrittenInTheOrderTheirRecordsWereAppended) {
   {
      RedoLogFile log(path_, 7);
      log.append("one", 1);
      std::string batch;
      log.takeWaiting(batch);
      log.append("two", 2);  // appended while the batch is being written
      EXPECT_EQ(log.size(), 0u);
      log.write(batch);
      EXPECT_EQ(log.size(), batch.size());
      log.takeWaiting(batch);
      log.append("three", 3);
      log.putBack(batch);  // its write failed: it goes first next time
      log.sync();
      EXPECT_EQ(log.waitingBytes(), 0u);
   }
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_EQ(payloads(scan), (std::vector<std::string>{"one", "two", "three"}));
   EXPECT_EQ(scan.end, RedoLogEnd::Clean);
}

TEST_F(RedoLogFileTest, AWriteCutShortIsUnfinished) {
   std::vector<uint64_t> ends = write(threeRecords);
   // The last record's header and part of its payload reached the disk, the rest did not.
   zeroFrom(ends[2] - 10);
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_EQ(scan.records.size(), 2u);
   EXPECT_EQ(scan.end, RedoLogEnd::Unfinished);
   EXPECT_EQ(scan.goodEnd, ends[1]);
   // Only part of its header.
   zeroFrom(ends[1] + 3);
   EXPECT_EQ(kiln::scanRedoLog(path_, 7).end, RedoLogEnd::Unfinished);
   // Its payload whole, its trailer not: nothing of it is missing.
   std::filesystem::remove(path_);
   ends = write(threeRecords);
   zeroFrom(ends[2] - 6);
   EXPECT_EQ(kiln::scanRedoLog(path_, 7).records.size(), 3u);
   // The file ends inside it, as one whose size grew but whose data did not arrive.
   std::filesystem::resize_file(path_, ends[2] - 10);
   EXPECT_EQ(kiln::scanRedoLog(path_, 7).end, RedoLogEnd::Unfinished);
}

TEST_F(RedoLogFileTest, DamageToARecordWrittenWholeIsDamage) {
   std::vector<uint64_t> ends = write(threeRecords);
   uint64_t second = ends[0], third = ends[1];
   std::filesystem::remove(path_);
   struct Case {
      const char* what;
      uint64_t offset;
      uint64_t goodEnd;
   };
   for (const Case& c :
        {Case{"the last record's payload", third + 20, third}, Case{"the last record's length", third, third},
         Case{"the last record's checksum", third + 5, third}, Case{"the last record's commit time", third + 9, third},
         Case{"a record in the middle", second + 1000, second}, Case{"a length in the middle", second + 2, second}, Case{"the first record", 16 + 12, 16}}) {
      std::filesystem::remove(path_);
      write(threeRecords);
      overwrite(c.offset, "\xde\xad\xbe\xef");
      RedoLogScan scan = kiln::scanRedoLog(path_, 7);
      EXPECT_EQ(scan.end, RedoLogEnd::Damaged) << c.what;
      EXPECT_EQ(scan.goodEnd, c.goodEnd) << c.what;
      EXPECT_FALSE(scan.problem.empty()) << c.what;
   }
}

TEST_F(RedoLogFileTest, DamageToTheLastTrailerAloneLosesNothing) {
   std::vector<uint64_t> ends = write(threeRecords);
   overwrite(ends[2] - 3, "\xde\xad\xbe");
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_TRUE(payloads(scan) == threeRecords);
   EXPECT_EQ(scan.end, RedoLogEnd::Clean);
}

TEST_F(RedoLogFileTest, BytesPastTheEndThatHoldNoRecordAreStray) {
   std::vector<uint64_t> ends = write({"kept"});
   std::ofstream(path_, std::ios::app | std::ios::binary) << "garbage";
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_EQ(payloads(scan), std::vector<std::string>{"kept"});
   EXPECT_EQ(scan.end, RedoLogEnd::Stray);
   EXPECT_EQ(scan.goodEnd, ends[0]);
}

TEST_F(RedoLogFileTest, AZeroedHeaderBeforeWholeRecordsIsDamage) {
   std::vector<uint64_t> ends = write(threeRecords);
   overwrite(ends[0], std::string(8, '\0'));
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_EQ(scan.end, RedoLogEnd::Damaged);
   EXPECT_EQ(scan.goodEnd, ends[0]);
}

TEST_F(RedoLogFileTest, TheFileHeaderNamesItsFile) {
   write({"kept"});
   EXPECT_EQ(kiln::scanRedoLog(path_, 7).end, RedoLogEnd::Clean);
   RedoLogScan renamed = kiln::scanRedoLog(path_, 8);
   EXPECT_EQ(renamed.end, RedoLogEnd::Damaged);
   EXPECT_TRUE(renamed.records.empty());
   overwrite(2, "X");
   EXPECT_EQ(kiln::scanRedoLog(path_, 7).end, RedoLogEnd::Damaged);
   // A header whose write was cut short, with nothing after it, lost nothing.
   std::ofstream(path_, std::ios::binary | std::ios::trunc) << "kiln";
   EXPECT_EQ(kiln::scanRedoLog(path_, 7).end, RedoLogEnd::Unfinished);
   std::ofstream(path_, std::ios::binary | std::ios::trunc);
   EXPECT_EQ(kiln::scanRedoLog(path_, 7).end, RedoLogEnd::Clean);
}

TEST_F(RedoLogFileTest, FilesWrittenBeforeHeadersReadAsBefore) {
   // [u32 length][u32 crc of payload][payload], from byte 0, no trailer.
   auto frame = [](const std::string& payload) {
      uint32_t length = uint32_t(payload.size()), checksum = kiln::crc32(payload.data(), payload.size());
      return std::string(reinterpret_cast<const char*>(&length), 4) + std::string(reinterpret_cast<const char*>(&checksum), 4) + payload;
   };
   std::string older = frame("one") + frame("two");
   std::ofstream(path_, std::ios::binary) << older << std::string(100, '\0');
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_TRUE(scan.olderFormat);
   EXPECT_EQ(payloads(scan), (std::vector<std::string>{"one", "two"}));
   EXPECT_FALSE(scan.records[0].commitTime);
   EXPECT_EQ(scan.end, RedoLogEnd::Clean);
   // A frame cut short at the end, and one damaged before another.
   std::ofstream(path_, std::ios::binary | std::ios::trunc) << older << frame("three").substr(0, 9) << std::string(100, '\0');
   EXPECT_EQ(kiln::scanRedoLog(path_, 7).end, RedoLogEnd::Unfinished);
   std::string damaged = frame("one") + frame("two") + frame("three");
   damaged[8 + 3 + 8 + 1] ^= 0x40;
   std::ofstream(path_, std::ios::binary | std::ios::trunc) << damaged;
   scan = kiln::scanRedoLog(path_, 7);
   EXPECT_EQ(scan.end, RedoLogEnd::Damaged);
   EXPECT_EQ(scan.goodEnd, 11u);
}

TEST_F(RedoLogFileTest, CuttingKeepsWhatComesBefore) {
   std::vector<uint64_t> ends = write(threeRecords);
   kiln::cutRedoLog(path_, ends[1]);
   EXPECT_EQ(std::filesystem::file_size(path_), ends[1]);
   RedoLogScan scan = kiln::scanRedoLog(path_, 7);
   EXPECT_EQ(scan.records.size(), 2u);
   EXPECT_EQ(scan.end, RedoLogEnd::Clean);
}

TEST_F(RedoLogFileTest, AnExistingLogIsNeverWrittenAgain) {
   write({"kept"});
   try {
      RedoLogFile again(path_, 7);
      FAIL() << "an existing log file was opened for writing";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "58030");
   }
   EXPECT_EQ(payloads(kiln::scanRedoLog(path_, 7)), std::vector<std::string>{"kept"});
}

}  // namespace
