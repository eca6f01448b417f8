// RedoLogFile: records read back in order past the zeros laid out ahead of them; a torn record
// at the end of the records, or anything written after them, is cut off.
#include "storage/redo_log_file.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "kiln/kiln.h"

namespace {

using kiln::RedoLogFile;

class RedoLogFileTest : public ::testing::Test {
   protected:
   void SetUp() override {
      directory_ = std::filesystem::temp_directory_path() / ("kiln-redo-log-test-" + std::to_string(::getpid()));
      std::filesystem::remove_all(directory_);
      std::filesystem::create_directories(directory_);
      path_ = (directory_ / "wal.1").string();
   }
   void TearDown() override { std::filesystem::remove_all(directory_); }

   std::vector<std::string> replay(bool& intact) {
      std::vector<std::string> records;
      intact = RedoLogFile::replay(path_, [&](const char* data, size_t size) { records.emplace_back(data, size); });
      return records;
   }

   /// Overwrites the file at `offset` (the records' own layout is the file's business; tests
   /// tear it from outside, as a crash would).
   void overwrite(uint64_t offset, const std::string& bytes) {
      std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
      file.seekp(std::streamoff(offset));
      file.write(bytes.data(), std::streamsize(bytes.size()));
   }

   std::filesystem::path directory_;
   std::string path_;
};

TEST_F(RedoLogFileTest, RecordsComeBackInOrderBeforeTheZerosAhead) {
   std::vector<std::string> written = {"first", std::string(3 << 20, 'x'), "third"};  // one larger than a step of zeros
   {
      RedoLogFile log(path_);
      for (const std::string& record : written) log.append(record);
      log.sync();
      EXPECT_EQ(log.size(), 5 + 8 + (3 << 20) + 8 + 5 + 8);
      EXPECT_GT(std::filesystem::file_size(path_), log.size());
   }
   bool intact = false;
   EXPECT_EQ(replay(intact), written);
   EXPECT_TRUE(intact);
}

TEST_F(RedoLogFileTest, BatchesAreWrittenInTheOrderTheirRecordsWereAppended) {
   {
      RedoLogFile log(path_);
      log.append("one");
      std::string batch;
      log.takeWaiting(batch);
      log.append("two");  // appended while the batch is being written
      EXPECT_EQ(log.size(), 0u);
      log.write(batch);
      EXPECT_EQ(log.size(), 3u + 8);
      log.takeWaiting(batch);
      log.append("three");
      log.putBack(batch);  // its write failed: it goes first next time
      log.sync();
      EXPECT_EQ(log.waitingBytes(), 0u);
   }
   bool intact = false;
   EXPECT_EQ(replay(intact), (std::vector<std::string>{"one", "two", "three"}));
   EXPECT_TRUE(intact);
}

TEST_F(RedoLogFileTest, ATornRecordAtTheEndIsCut) {
   uint64_t end;
   {
      RedoLogFile log(path_);
      log.append("kept");
      log.writeWaiting();
      end = log.size();
   }
   // A record's header and part of its payload reached the disk, the rest of it did not.
   overwrite(end, std::string("\x20\x00\x00\x00\x12\x34\x56\x78partial", 15));
   bool intact = true;
   EXPECT_EQ(replay(intact), std::vector<std::string>{"kept"});
   EXPECT_FALSE(intact);
   EXPECT_EQ(std::filesystem::file_size(path_), end);
}

TEST_F(RedoLogFileTest, BytesAfterTheRecordsAreCut) {
   uint64_t end;
   {
      RedoLogFile log(path_);
      log.append("kept");
      log.writeWaiting();
      end = log.size();
   }
   std::ofstream(path_, std::ios::app | std::ios::binary) << "garbage";
   bool intact = true;
   EXPECT_EQ(replay(intact), std::vector<std::string>{"kept"});
   EXPECT_FALSE(intact);
   EXPECT_EQ(std::filesystem::file_size(path_), end);
}

TEST_F(RedoLogFileTest, AnExistingLogIsNeverWrittenAgain) {
   {
      RedoLogFile log(path_);
      log.append("kept");
      log.writeWaiting();
   }
   try {
      RedoLogFile again(path_);
      FAIL() << "an existing log file was opened for writing";
   } catch (const kiln::Error& error) {
      EXPECT_EQ(error.sqlstate(), "58030");
   }
   bool intact = false;
   EXPECT_EQ(replay(intact), std::vector<std::string>{"kept"});
   EXPECT_TRUE(intact);
}

}  // namespace
