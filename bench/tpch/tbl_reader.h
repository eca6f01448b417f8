// Reads dbgen/tpchgen .tbl files line by line: '|'-separated fields with a trailing '|'.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::bench {

class TblReader {
   public:
   /// Throws std::runtime_error when the file cannot be opened.
   explicit TblReader(const std::string& path);
   ~TblReader();
   TblReader(const TblReader&) = delete;
   TblReader& operator=(const TblReader&) = delete;

   /// The fields of the next line (views into an internal buffer, valid until the next call);
   /// false at the end of the file.
   bool next(std::vector<std::string_view>& fields);
   /// Bytes consumed so far, for progress.
   uint64_t offset() const { return offset_; }
   uint64_t size() const { return size_; }

   private:
   FILE* file_;
   char* line_ = nullptr;
   size_t capacity_ = 0;
   uint64_t offset_ = 0;
   uint64_t size_ = 0;
};

}  // namespace kiln::bench
