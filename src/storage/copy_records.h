// COPY FROM's input read record by record as PostgreSQL 15 reads it (CopyReadLineText, then
// CopyReadAttributesText or CopyReadAttributesCSV): lines ending as the first one does, an
// end-of-copy marker "\.", text format's backslash escapes, CSV's quoting, the NULL string, and
// the input checked to be UTF-8 without NUL bytes, with PostgreSQL's errors and line numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/copy_options.h"

namespace kiln {

/// How the lines end; the first line decides (PostgreSQL's EolType).
enum class LineEnd : uint8_t { Unknown, Newline, CarriageReturn, CarriageReturnNewline };

struct CopyField {
   std::string_view text;  // without escapes or quotes
   bool null = false;      // the NULL string as it was written (in CSV, unquoted)
   bool quoted = false;    // CSV: a quote opened in it
};

class CopyRecordReader {
   public:
   /// Reads [begin, end), which starts at a record; `lineEnd` is known or Unknown (the first
   /// line tells). `fromClient`: the rows come from the client (FROM STDIN), where the data ends at
   /// any end-of-copy marker; in a file only at one that starts its line, as in PostgreSQL.
   CopyRecordReader(const char* begin, const char* end, const CopyOptions& options, bool fromClient, LineEnd lineEnd = LineEnd::Unknown);

   /// The next record's fields (views valid until the next call); false at the end of the data:
   /// the end of the input or the end-of-copy marker. Throws PostgreSQL's 22P04 for a malformed
   /// line, 22021 for bytes that are not UTF-8 (or NUL).
   bool next(std::vector<CopyField>& fields);

   /// PostgreSQL's number of the line read last (records; in CSV also newlines inside quotes).
   size_t line() const { return line_; }
   /// The record read last, as written, once it was split from the input (else nullopt: an
   /// error while reading it is about the line, not its text).
   std::optional<std::string_view> recordText() const { return recordText_; }
   /// Whether the data ended at an end-of-copy marker.
   bool endedAtMarker() const { return done_; }
   LineEnd lineEnd() const { return lineEnd_; }
   /// Where the next record starts.
   const char* position() const { return pos_; }

   private:
   /// Text format, a line without backslashes and stray line ends, split at delimiters.
   bool nextPlain(std::vector<CopyField>& fields);
   /// Any record, byte by byte as PostgreSQL reads it.
   bool nextText(std::vector<CopyField>& fields);
   bool nextCsv(std::vector<CopyField>& fields);
   /// The line [pos_, lineEnd), which ends at `next` (after its line end or an end-of-copy marker).
   void finishRecord(const char* lineEnd, const char* next);
   /// The length of the line end found at `p` (not escaped, not quoted), by lineEnd_ (which the
   /// first one sets); 22P04 for one that does not match.
   size_t lineEndAt(const char* p, bool csv);
   /// Where the end-of-copy marker at `p` ("\." and a line end) ends, or nullptr: 22P04 for a
   /// malformed one in text format, which in CSV is data.
   const char* endMarkerAt(const char* p, bool csv);
   /// Checks the input up to `upTo` as UTF-8, a window at a time (so that it is in cache when
   /// read); throws when [pos_, upTo) holds the first invalid byte.
   void validateUpTo(const char* upTo);
   [[noreturn]] void lineError(const char* at, const char* message, const char* hint);

   const char* pos_;
   const char* end_;
   const CopyOptions& options_;
   LineEnd lineEnd_;
   size_t line_ = 0;
   bool fromClient_;
   bool done_ = false;
   const char* validatedEnd_;
   const char* invalidAt_ = nullptr;  // the first byte that is not UTF-8, once found
   std::optional<std::string_view> recordText_;
   /// The next `c` at or after a position, kept while the reader is before it.
   struct NextOccurrence {
      char c;
      const char* at = nullptr;
      const char* after(const char* p, const char* end);
   };
   NextOccurrence nextSpecial_;  // the escape (text) or quote (CSV) character
   NextOccurrence nextCarriageReturn_, nextNewline_;
   std::string scratch_;  // the record's fields without escapes or quotes
};

/// Where the first line after `target` starts (text format, or CSV without quotes), `end` when
/// none does: a line end that a backslash escapes does not end a line in text format.
const char* lineStartAfter(const char* begin, const char* target, const char* end, LineEnd lineEnd, bool csv);

}  // namespace kiln
