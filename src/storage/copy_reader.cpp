#include "storage/copy_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include "common/statement_interrupt.h"
#include "common/time_zone.h"
#include "storage/copy_records.h"

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

/// One piece of the file, parsed into columns of its own.
struct Chunk {
   const char* begin;
   const char* end;
   std::vector<std::unique_ptr<Column>> columns;  // one per table column
   size_t rows = 0;
   bool endMarker = false;  // the data ended in it ("\.")
   std::exception_ptr error;
   size_t errorLine = 0;  // within the chunk
   std::string errorContext;
};

/// PostgreSQL shows at most 100 bytes of a line or value in an error's context (and "...").
std::string shown(std::string_view text) {
   constexpr size_t limit = 100;
   if (text.size() <= limit) return std::string(text);
   size_t cut = limit;
   while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
   return std::string(text.substr(0, cut)) + "...";
}

/// Whether table column `column` is in `columns`.
bool listed(const std::vector<size_t>& columns, size_t column) { return std::find(columns.begin(), columns.end(), column) != columns.end(); }

/// `fillNulls`: the columns not in `columns` take NULL in each row (else they are filled later).
void parseChunk(const Table& table, const std::vector<size_t>& columns, const CopyOptions& options, bool fillNulls, bool fromClient, LineEnd lineEnd,
                Chunk& chunk) {
   // CSV's FORCE_NOT_NULL and FORCE_NULL, by position in the line.
   std::vector<uint8_t> forceNotNull(columns.size()), forceNull(columns.size());
   for (size_t i = 0; i < columns.size(); ++i) {
      forceNotNull[i] = listed(options.forceNotNull, columns[i]);
      forceNull[i] = listed(options.forceNull, columns[i]);
   }
   bool forcing = !options.forceNotNull.empty() || !options.forceNull.empty();
   CopyRecordReader reader(chunk.begin, chunk.end, options, fromClient, lineEnd);
   std::vector<CopyField> fields;
   int currentField = -1;
   try {
      for (size_t c = 0; c < table.columnCount(); ++c) {
         const Column& column = table.column(c);
         chunk.columns.push_back(std::make_unique<Column>(column.name(), column.type(), column.notNull()));
         chunk.columns.back()->setTableName(table.name());
         if (fillNulls || listed(columns, c)) chunk.columns.back()->reserve(size_t(chunk.end - chunk.begin) / 64 + 16);
      }
      while (reader.next(fields)) {
         currentField = -1;
         // dbgen ends every line with the delimiter: one empty trailing field too many is accepted.
         if (fields.size() == columns.size() + 1 && fields.back().text.empty() && !fields.back().quoted) fields.pop_back();
         if (fields.size() > columns.size()) throw Error("22P04", "extra data after last expected column");
         for (size_t i = 0; i < columns.size(); ++i) {
            // As PostgreSQL, the fields there are read before one missing is reported.
            if (i == fields.size()) {
               currentField = -1;
               throw Error("22P04", "missing data for column \"" + table.column(columns[i]).name() + "\"");
            }
            Column& column = *chunk.columns[columns[i]];
            CopyField& field = fields[i];
            currentField = int(i);
            if (forcing) {
               if (field.null && forceNotNull[i]) field = {options.nullString, false, false};
               else if (!field.null && forceNull[i] && field.text == options.nullString) field.null = true;
            }
            if (field.null) column.appendNull();
            else column.appendText(field.text);
         }
         currentField = -1;
         // Columns not named in the COPY column list are NULL.
         if (fillNulls && columns.size() != table.columnCount())
            for (auto& column : chunk.columns)
               if (column->size() == chunk.rows) column->appendNull();
         ++chunk.rows;
      }
      chunk.endMarker = reader.endedAtMarker();
   } catch (...) {
      chunk.error = std::current_exception();
      chunk.errorLine = reader.line();
      if (currentField >= 0) {
         const CopyField& field = fields[size_t(currentField)];
         std::string column = table.column(columns[size_t(currentField)]).name();
         chunk.errorContext = ", column " + column + (field.null ? ": null input" : ": \"" + shown(field.text) + "\"");
      } else if (auto record = reader.recordText()) {
         chunk.errorContext = ": \"" + shown(*record) + "\"";
      }
   }
}

/// HEADER MATCH: the header's fields are the names of the columns read, as PostgreSQL checks them.
void matchHeader(const Table& table, const std::vector<size_t>& columns, const std::vector<CopyField>& fields, const CopyOptions& options) {
   if (fields.size() != columns.size())
      throw Error("22P04", "wrong number of fields in header line: got " + std::to_string(fields.size()) + ", expected " + std::to_string(columns.size()));
   for (size_t i = 0; i < columns.size(); ++i) {
      const std::string& name = table.column(columns[i]).name();
      std::string field = std::to_string(i + 1);
      if (fields[i].null)
         throw Error("22P04",
                     "column name mismatch in header line field " + field + ": got null value (\"" + options.nullString + "\"), expected \"" + name + "\"");
      if (fields[i].text != name)
         throw Error("22P04",
                     "column name mismatch in header line field " + field + ": got \"" + std::string(fields[i].text) + "\", expected \"" + name + "\"");
   }
}

/// Splits the records in [begin, end) into about `parts` pieces, at line starts.
std::vector<std::pair<const char*, const char*>> splitAtLines(const char* begin, const char* end, size_t parts, LineEnd lineEnd, bool csv) {
   std::vector<std::pair<const char*, const char*>> pieces;
   const char* start = begin;
   for (size_t i = 1; i < parts && start < end; ++i) {
      const char* target = begin + (end - begin) * ptrdiff_t(i) / ptrdiff_t(parts);
      if (target <= start) continue;
      const char* next = lineStartAfter(begin, target, end, lineEnd, csv);
      if (next >= end) break;
      pieces.push_back({start, next});
      start = next;
   }
   pieces.push_back({start, end});
   return pieces;
}

/// Appends the rows in [begin, end) to `table`; `source` names them in errors (", file ..." or
/// empty, for rows from the client).
uint64_t loadRows(Table& table, const std::vector<size_t>& columns, const char* begin, const char* end, const std::string& source, const CopyOptions& options,
                  const MissingColumns& missing) {
   bool fromClient = source.empty();
   auto fail = [&](const Error& error, size_t line, const std::string& context) {
      throw Error(error.sqlstate(), error.message(), 0, "COPY " + table.name() + source + ", line " + std::to_string(line) + context, error.hint());
   };
   // The header line, then the first line of data, which tells how lines end (for the pieces).
   size_t headerLines = 0;
   LineEnd lineEnd = LineEnd::Unknown;
   if (begin < end || options.headerMatch) {
      CopyRecordReader probe(begin, end, options, fromClient);
      std::vector<CopyField> fields;
      if (options.header) {
         try {
            // At the end of the data PostgreSQL reads an empty header line, one empty field.
            if (!probe.next(fields)) fields.assign(1, CopyField{"", options.nullString.empty(), false});
            if (options.headerMatch) matchHeader(table, columns, fields, options);
         } catch (const Error& error) {
            auto record = probe.recordText();
            fail(error, 1, record ? ": \"" + shown(*record) + "\"" : "");
         }
         headerLines = probe.line();
         begin = probe.position();
      }
      try {
         probe.next(fields);
         lineEnd = probe.lineEnd();
      } catch (const Error&) {
         // Read again below, where it fails with its line.
      }
   }
   // Large files are parsed by several threads, one piece each. A quoted CSV field may span
   // lines, so a file with quote characters is read by one thread.
   constexpr size_t bytesPerThread = 32 << 20;
   size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), size_t(end - begin) / bytesPerThread + 1);
   if (lineEnd == LineEnd::Unknown || (options.csv && std::memchr(begin, options.quote, size_t(end - begin)))) threads = 1;
   std::vector<Chunk> chunks;
   for (auto [from, to] : splitAtLines(begin, end, threads, lineEnd, options.csv)) chunks.push_back(Chunk{from, to, {}, 0, false, nullptr, 0, {}});
   std::vector<std::thread> workers;
   // Helpers read timestamptz text in the session's time zone, as this thread does.
   const TimeZone& zone = TimeZone::current();
   for (size_t i = 1; i < chunks.size(); ++i)
      workers.emplace_back([&, i] {
         TimeZone::Scope session(zone);
         parseChunk(table, columns, options, !missing, fromClient, lineEnd, chunks[i]);
      });
   parseChunk(table, columns, options, !missing, fromClient, lineEnd, chunks[0]);
   for (auto& worker : workers) worker.join();
   StatementInterrupt::check();  // before the table changes

   // The pieces in order, up to the end of the data; each line of the pieces before is a row.
   size_t used = 0, linesBefore = headerLines;
   uint64_t loaded = 0;
   for (auto& chunk : chunks) {
      ++used;
      if (chunk.error) {
         try {
            std::rethrow_exception(chunk.error);
         } catch (const Error& error) {
            fail(error, linesBefore + chunk.errorLine, chunk.errorContext);
         }
      }
      loaded += chunk.rows;
      linesBefore += chunk.rows;
      if (chunk.endMarker) break;
   }
   chunks.resize(used);
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
   // The blocks' value ranges now rather than in the first query that tests them, or in every
   // snapshot's process (whose work the database does not keep).
   for (size_t c = 0; c < table.columnCount(); ++c) table.column(c).zoneMap();
   return loaded;
}

}  // namespace

uint64_t copyFromFile(Table& table, const std::vector<size_t>& columns, const std::string& path, const CopyOptions& options, const MissingColumns& missing) {
   MappedFile file(path);
   return loadRows(table, columns, file.data(), file.data() + file.size(), ", file \"" + path + "\"", options, missing);
}

uint64_t copyFromText(Table& table, const std::vector<size_t>& columns, std::string_view text, const CopyOptions& options, const MissingColumns& missing) {
   return loadRows(table, columns, text.data(), text.data() + text.size(), "", options, missing);
}

}  // namespace kiln
