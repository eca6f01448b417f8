#include "storage/copy_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>

namespace kiln {

namespace {

/// The file's bytes, mapped read-only for the duration of the load.
class MappedFile {
   public:
   explicit MappedFile(const std::string& path) {
      fd_ = ::open(path.c_str(), O_RDONLY);
      if (fd_ < 0) throw Error("58P01", "could not open file \"" + path + "\" for reading: " + std::strerror(errno));
      struct stat info;
      if (::fstat(fd_, &info) != 0 || S_ISDIR(info.st_mode)) {
         ::close(fd_);
         throw Error("58P01", "could not open file \"" + path + "\" for reading: not a regular file");
      }
      size_ = size_t(info.st_size);
      if (size_) {
         void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd_, 0);
         if (p == MAP_FAILED) {
            ::close(fd_);
            throw Error("58030", "could not read file \"" + path + "\": " + std::strerror(errno));
         }
         ::madvise(p, size_, MADV_SEQUENTIAL);
         data_ = static_cast<const char*>(p);
      }
   }
   ~MappedFile() {
      if (data_) ::munmap(const_cast<char*>(data_), size_);
      ::close(fd_);
   }
   const char* data() const { return data_; }
   size_t size() const { return size_; }

   private:
   int fd_ = -1;
   const char* data_ = nullptr;
   size_t size_ = 0;
};

struct Field {
   std::string_view text;
   bool quoted = false;
};

/// Splits records into fields; quoted CSV fields may span lines.
class RecordReader {
   public:
   RecordReader(const char* begin, const char* end, const CopyOptions& options) : pos_(begin), end_(end), options_(options) {}

   bool atEnd() const { return pos_ >= end_; }
   size_t line() const { return line_; }

   /// Reads one record into `fields`; returns false at the end of input.
   bool next(std::vector<Field>& fields) {
      fields.clear();
      if (pos_ >= end_) return false;
      ++line_;
      recordLine_ = line_;
      while (true) {
         Field field;
         if (options_.csv && pos_ < end_ && *pos_ == options_.quote) {
            field.quoted = true;
            field.text = readQuoted();
            lineEnd_ = nullptr;
         } else {
            const char* start = pos_;
            pos_ = findFieldEnd(start);
            const char* stop = pos_;
            if (stop > start && stop[-1] == '\r' && (pos_ >= end_ || *pos_ == '\n')) --stop;
            field.text = std::string_view(start, size_t(stop - start));
            if (!options_.csv) field.text = unescapeText(field.text);
         }
         fields.push_back(field);
         if (pos_ >= end_) return true;
         if (*pos_ == options_.delimiter) {
            ++pos_;
            continue;
         }
         if (*pos_ == '\r') ++pos_;
         if (pos_ < end_ && *pos_ == '\n') ++pos_;
         return true;
      }
   }
   size_t recordLine() const { return recordLine_; }

   private:
   /// The first delimiter or line end at or after `p` (memchr is vectorized; fields are short,
   /// lines are not, so the line end is found once per record).
   const char* findFieldEnd(const char* p) {
      if (p > lineEnd_ || lineEnd_ == nullptr) {
         lineEnd_ = static_cast<const char*>(std::memchr(p, '\n', size_t(end_ - p)));
         if (!lineEnd_) lineEnd_ = end_;
      }
      const char* delimiter = static_cast<const char*>(std::memchr(p, options_.delimiter, size_t(lineEnd_ - p)));
      return delimiter ? delimiter : lineEnd_;
   }

   std::string_view readQuoted() {
      ++pos_;
      scratch_.emplace_back();
      std::string& out = scratch_.back();
      while (true) {
         if (pos_ >= end_) throw Error("22P04", "unterminated CSV quoted field");
         char c = *pos_++;
         if (c == options_.escape && pos_ < end_ && *pos_ == options_.quote) {
            // "" (or the escape then a quote) inside quotes is one quote; a lone quote ends the field.
            out.push_back(*pos_++);
            continue;
         }
         if (c == options_.quote) break;
         if (c == '\n') ++line_;
         out.push_back(c);
      }
      if (pos_ < end_ && *pos_ != options_.delimiter && *pos_ != '\n' && *pos_ != '\r')
         throw Error("22P04", "unexpected character after CSV quoted field");
      return out;
   }

   std::string_view unescapeText(std::string_view text) {
      if (text.find('\\') == std::string_view::npos || text == options_.nullString) return text;
      scratch_.emplace_back();
      std::string& out = scratch_.back();
      for (size_t i = 0; i < text.size(); ++i) {
         if (text[i] != '\\' || i + 1 == text.size()) {
            out.push_back(text[i]);
            continue;
         }
         char c = text[++i];
         out.push_back(c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c);
      }
      return out;
   }

   public:
   void releaseScratch() { scratch_.clear(); }

   private:
   const char* pos_;
   const char* end_;
   const char* lineEnd_ = nullptr;
   const CopyOptions& options_;
   size_t line_ = 0;
   size_t recordLine_ = 0;
   std::deque<std::string> scratch_;  // deque: views into it stay valid as it grows
};

}  // namespace

uint64_t copyFromFile(Table& table, const std::vector<size_t>& columns, const std::string& path, const CopyOptions& options) {
   MappedFile file(path);
   RecordReader reader(file.data(), file.data() + file.size(), options);
   std::vector<Field> fields;
   size_t rows = table.rowCount();
   // Where an error happened: the field being converted (kept as positions, not copies).
   int currentField = -1;
   auto context = [&] {
      std::string where = "COPY " + table.name() + ", file \"" + path + "\", line " + std::to_string(reader.recordLine());
      if (currentField >= 0)
         where += ", column " + table.column(columns[size_t(currentField)]).name() + ": \"" + std::string(fields[size_t(currentField)].text) + "\"";
      return where;
   };
   try {
      if (options.header) reader.next(fields);
      for (size_t c : columns) table.column(c).reserve(rows + file.size() / 64 + 16);
      while (reader.next(fields)) {
         currentField = -1;
         // dbgen ends every line with the delimiter: one empty trailing field too many is accepted.
         if (fields.size() == columns.size() + 1 && fields.back().text.empty() && !fields.back().quoted) fields.pop_back();
         if (fields.size() == 1 && fields[0].text.empty() && columns.size() > 1 && reader.atEnd()) break;
         if (fields.size() > columns.size()) throw Error("22P04", "extra data after last expected column");
         if (fields.size() < columns.size())
            throw Error("22P04", "missing data for column \"" + table.column(columns[fields.size()]).name() + "\"");
         for (size_t i = 0; i < columns.size(); ++i) {
            Column& column = table.column(columns[i]);
            const Field& field = fields[i];
            currentField = int(i);
            if (!field.quoted && field.text == options.nullString)
               column.appendNull();
            else
               column.appendText(field.text);
         }
         currentField = -1;
         // Columns not named in the COPY column list are NULL.
         if (columns.size() != table.columnCount())
            for (size_t c = 0; c < table.columnCount(); ++c)
               if (table.column(c).size() == rows) table.column(c).appendNull();
         ++rows;
         reader.releaseScratch();
      }
   } catch (Error& error) {
      table.rollbackToRowCount();
      throw Error(error.sqlstate(), error.message(), 0, context());
   }
   uint64_t loaded = rows - table.rowCount();
   table.sealAppendedRows(rows);
   return loaded;
}

}  // namespace kiln
