#include "storage/copy_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <thread>

#include "common/statement_interrupt.h"
#include "common/time_zone.h"

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

namespace {

/// One piece of the file, parsed into columns of its own.
struct Chunk {
   const char* begin;
   const char* end;
   std::vector<std::unique_ptr<Column>> columns;  // one per table column
   size_t rows = 0;
   std::exception_ptr error;
   size_t errorLine = 0;  // within the chunk
   std::string errorContext;
};

/// `fillNulls`: the columns not in `columns` take NULL in each row (else they are filled later).
void parseChunk(const Table& table, const std::vector<size_t>& columns, const CopyOptions& options, bool fillNulls, Chunk& chunk) {
   for (size_t c = 0; c < table.columnCount(); ++c) {
      const Column& column = table.column(c);
      chunk.columns.push_back(std::make_unique<Column>(column.name(), column.type(), column.notNull()));
      chunk.columns.back()->setTableName(table.name());
      if (fillNulls || std::find(columns.begin(), columns.end(), c) != columns.end())
         chunk.columns.back()->reserve(size_t(chunk.end - chunk.begin) / 64 + 16);
   }
   RecordReader reader(chunk.begin, chunk.end, options);
   std::vector<Field> fields;
   int currentField = -1;
   try {
      while (reader.next(fields)) {
         currentField = -1;
         // dbgen ends every line with the delimiter: one empty trailing field too many is accepted.
         if (fields.size() == columns.size() + 1 && fields.back().text.empty() && !fields.back().quoted) fields.pop_back();
         if (fields.size() == 1 && fields[0].text.empty() && columns.size() > 1 && reader.atEnd()) break;
         if (fields.size() > columns.size()) throw Error("22P04", "extra data after last expected column");
         if (fields.size() < columns.size()) throw Error("22P04", "missing data for column \"" + table.column(columns[fields.size()]).name() + "\"");
         for (size_t i = 0; i < columns.size(); ++i) {
            Column& column = *chunk.columns[columns[i]];
            const Field& field = fields[i];
            currentField = int(i);
            if (!field.quoted && field.text == options.nullString)
               column.appendNull();
            else
               column.appendText(field.text);
         }
         currentField = -1;
         // Columns not named in the COPY column list are NULL.
         if (fillNulls && columns.size() != table.columnCount())
            for (auto& column : chunk.columns)
               if (column->size() == chunk.rows) column->appendNull();
         ++chunk.rows;
         reader.releaseScratch();
      }
   } catch (...) {
      chunk.error = std::current_exception();
      chunk.errorLine = reader.recordLine();
      if (currentField >= 0)
         chunk.errorContext = ", column " + table.column(columns[size_t(currentField)]).name() + ": \"" + std::string(fields[size_t(currentField)].text) + "\"";
   }
}

/// Splits [begin, end) at line starts into about `parts` pieces.
std::vector<std::pair<const char*, const char*>> splitAtLines(const char* begin, const char* end, size_t parts) {
   std::vector<std::pair<const char*, const char*>> pieces;
   const char* start = begin;
   for (size_t i = 1; i < parts && start < end; ++i) {
      const char* target = begin + (end - begin) * ptrdiff_t(i) / ptrdiff_t(parts);
      if (target <= start) continue;
      auto* newline = static_cast<const char*>(std::memchr(target, '\n', size_t(end - target)));
      if (!newline) break;
      pieces.push_back({start, newline + 1});
      start = newline + 1;
   }
   pieces.push_back({start, end});
   return pieces;
}

size_t countLines(const char* begin, const char* end) {
   size_t lines = 0;
   for (const char* p = begin; (p = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)))); ++p) ++lines;
   return lines;
}

/// Appends the rows in [begin, end) to `table`; `source` names them in errors (", file ..." or empty).
uint64_t loadRows(Table& table, const std::vector<size_t>& columns, const char* begin, const char* end, const std::string& source, const CopyOptions& options,
                  const MissingColumns& missing) {
   const char* start = begin;
   if (options.header && begin) {
      auto* newline = static_cast<const char*>(std::memchr(begin, '\n', size_t(end - begin)));
      begin = newline ? newline + 1 : end;
   }
   // Large files are parsed by several threads, one piece each. A quoted CSV field may span
   // lines, so a file with quote characters is read by one thread.
   constexpr size_t bytesPerThread = 32 << 20;
   size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), size_t(end - begin) / bytesPerThread + 1);
   if (threads > 1 && options.csv && std::memchr(begin, options.quote, size_t(end - begin))) threads = 1;
   std::vector<Chunk> chunks;
   for (auto [from, to] : splitAtLines(begin, end, threads)) chunks.push_back(Chunk{from, to, {}, 0, nullptr, 0, {}});
   std::vector<std::thread> workers;
   // Helpers read timestamptz text in the session's time zone, as this thread does.
   const TimeZone& zone = TimeZone::current();
   for (size_t i = 1; i < chunks.size(); ++i)
      workers.emplace_back([&, i] {
         TimeZone::Scope session(zone);
         parseChunk(table, columns, options, !missing, chunks[i]);
      });
   parseChunk(table, columns, options, !missing, chunks[0]);
   for (auto& worker : workers) worker.join();
   StatementInterrupt::check();  // before the table changes

   for (auto& chunk : chunks) {
      if (!chunk.error) continue;
      size_t line = countLines(start, chunk.begin) + chunk.errorLine;
      std::string where = "COPY " + table.name() + source + ", line " + std::to_string(line) + chunk.errorContext;
      try {
         std::rethrow_exception(chunk.error);
      } catch (Error& error) {
         throw Error(error.sqlstate(), error.message(), 0, where);
      }
   }
   uint64_t loaded = 0;
   for (auto& chunk : chunks) loaded += chunk.rows;
   std::vector<std::unique_ptr<Column>> filled = missing ? missing(loaded) : std::vector<std::unique_ptr<Column>>();
   // Every piece parsed: only now does the table change.
   for (size_t c = 0; c < table.columnCount(); ++c) {
      if (c < filled.size() && filled[c]) {
         table.column(c).appendColumn(std::move(*filled[c]));
         continue;
      }
      for (auto& chunk : chunks) table.column(c).appendColumn(std::move(*chunk.columns[c]));
   }
   table.sealAppendedRows(table.rowCount() + loaded);
   return loaded;
}

}  // namespace

uint64_t copyFromFile(Table& table, const std::vector<size_t>& columns, const std::string& path, const CopyOptions& options,
                      const MissingColumns& missing) {
   MappedFile file(path);
   return loadRows(table, columns, file.data(), file.data() + file.size(), ", file \"" + path + "\"", options, missing);
}

uint64_t copyFromText(Table& table, const std::vector<size_t>& columns, std::string_view text, const CopyOptions& options,
                      const MissingColumns& missing) {
   return loadRows(table, columns, text.data(), text.data() + text.size(), "", options, missing);
}

}  // namespace kiln
