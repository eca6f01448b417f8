#include "tbl_reader.h"

#include <sys/stat.h>

#include <cstdlib>
#include <stdexcept>

namespace kiln::bench {

TblReader::TblReader(const std::string& path) : file_(std::fopen(path.c_str(), "r")) {
   if (!file_) throw std::runtime_error("cannot open " + path);
   struct stat info{};
   if (fstat(fileno(file_), &info) == 0) size_ = uint64_t(info.st_size);
}

TblReader::~TblReader() {
   std::fclose(file_);
   std::free(line_);
}

bool TblReader::next(std::vector<std::string_view>& fields) {
   ssize_t length = getline(&line_, &capacity_, file_);
   if (length < 0) return false;
   offset_ += uint64_t(length);
   std::string_view line(line_, size_t(length));
   while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
   if (!line.empty() && line.back() == '|') line.remove_suffix(1);  // the trailing delimiter ends a field, it starts none
   fields.clear();
   for (size_t start = 0;;) {
      size_t bar = line.find('|', start);
      fields.push_back(line.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start));
      if (bar == std::string_view::npos) break;
      start = bar + 1;
   }
   return true;
}

}  // namespace kiln::bench
