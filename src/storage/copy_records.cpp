#include "storage/copy_records.h"

#include <algorithm>
#include <cstring>

#include "common/utf8.h"
#include "kiln/kiln.h"

namespace kiln {

namespace {

/// UTF-8 is checked this far ahead of the record being read.
constexpr size_t validationWindow = 64 << 10;

const char* find(const char* p, const char* end, char c) {
   auto* found = static_cast<const char*>(std::memchr(p, c, size_t(end - p)));
   return found ? found : end;
}

int hexValue(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }
bool isOctal(char c) { return c >= '0' && c <= '7'; }
bool isHex(char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

}  // namespace

CopyRecordReader::CopyRecordReader(const char* begin, const char* end, const CopyOptions& options, bool fromClient, LineEnd lineEnd)
   : pos_(begin),
     end_(end),
     options_(options),
     lineEnd_(lineEnd),
     fromClient_(fromClient),
     validatedEnd_(begin),
     nextSpecial_{options.csv ? options.quote : '\\'},
     nextCarriageReturn_{'\r'},
     nextNewline_{'\n'} {}

const char* CopyRecordReader::NextOccurrence::after(const char* p, const char* end) {
   if (!at || at < p) at = find(p, end, c);
   return at;
}

bool CopyRecordReader::next(std::vector<CopyField>& fields) {
   fields.clear();
   recordText_.reset();
   if (done_ || pos_ >= end_) return false;
   ++line_;
   if (nextPlain(fields)) return true;
   return options_.csv ? nextCsv(fields) : nextText(fields);
}

void CopyRecordReader::validateUpTo(const char* upTo) {
   if (!invalidAt_ && validatedEnd_ < upTo) {
      // The window ends before an ASCII byte, so that it never splits a character.
      const char* to = std::min(end_, std::max(upTo, validatedEnd_ + std::min(validationWindow, size_t(end_ - validatedEnd_))));
      while (to < end_ && static_cast<unsigned char>(*to) >= 0x80) ++to;
      size_t at = firstInvalidUtf8(std::string_view(validatedEnd_, size_t(to - validatedEnd_)));
      if (validatedEnd_ + at < to) invalidAt_ = validatedEnd_ + at;
      validatedEnd_ = to;
   }
   // Only once the record that holds it is read, as PostgreSQL reports it.
   if (invalidAt_ && invalidAt_ >= pos_ && invalidAt_ < upTo) throw invalidUtf8(std::string_view(invalidAt_, size_t(end_ - invalidAt_)), 0);
}

void CopyRecordReader::lineError(const char* at, const char* message, const char* hint) {
   validateUpTo(at);  // a byte that is not UTF-8 before it comes first
   throw Error("22P04", message, 0, {}, hint ? hint : "");
}

void CopyRecordReader::finishRecord(const char* lineEnd, const char* next) {
   validateUpTo(next);
   recordText_ = std::string_view(pos_, size_t(lineEnd - pos_));
}

bool CopyRecordReader::nextPlain(std::vector<CopyField>& fields) {
   // The common line: its end where the first line's was, and nothing else that needs a closer
   // look (escapes, quotes, a leading "\." in CSV, other line-end characters).
   if (lineEnd_ == LineEnd::Unknown) return false;
   char terminator = lineEnd_ == LineEnd::CarriageReturn ? '\r' : '\n';
   const char* lineEnd = find(pos_, end_, terminator);
   size_t endLength = lineEnd < end_ ? 1 : 0;
   if (lineEnd_ == LineEnd::CarriageReturnNewline && endLength) {
      if (lineEnd == pos_ || lineEnd[-1] != '\r') return false;
      --lineEnd;
      endLength = 2;
   }
   // Where these characters are next is kept while the lines before come: each byte is looked at
   // once for each, not once per line.
   NextOccurrence& stray = terminator == '\n' ? nextCarriageReturn_ : nextNewline_;
   if (stray.after(pos_, end_) < lineEnd || nextSpecial_.after(pos_, end_) < lineEnd) return false;
   if (options_.csv && lineEnd > pos_ && *pos_ == '\\') return false;
   finishRecord(lineEnd, lineEnd + endLength);
   for (const char* p = pos_;;) {
      const char* stop = find(p, lineEnd, options_.delimiter);
      std::string_view text(p, size_t(stop - p));
      fields.push_back({text, text == options_.nullString, false});
      if (stop == lineEnd) break;
      p = stop + 1;
   }
   pos_ = lineEnd + endLength;
   return true;
}

size_t CopyRecordReader::lineEndAt(const char* p, bool csv) {
   if (*p == '\r') {
      bool newlineFollows = p + 1 < end_ && p[1] == '\n';
      if (lineEnd_ == LineEnd::Unknown) lineEnd_ = newlineFollows ? LineEnd::CarriageReturnNewline : LineEnd::CarriageReturn;
      if (lineEnd_ == LineEnd::CarriageReturn) return 1;
      if (lineEnd_ == LineEnd::CarriageReturnNewline && newlineFollows) return 2;
      lineError(p, csv ? "unquoted carriage return found in data" : "literal carriage return found in data",
                csv ? "Use quoted CSV field to represent carriage return." : "Use \"\\r\" to represent carriage return.");
   }
   if (lineEnd_ == LineEnd::Unknown) lineEnd_ = LineEnd::Newline;
   if (lineEnd_ == LineEnd::Newline) return 1;
   lineError(p, csv ? "unquoted newline found in data" : "literal newline found in data",
             csv ? "Use quoted CSV field to represent newline." : "Use \"\\n\" to represent newline.");
}

const char* CopyRecordReader::endMarkerAt(const char* p, bool csv) {
   // "\." then the line end, as PostgreSQL's CopyReadLineText checks it.
   auto at = [&](const char* x) { return x < end_ ? *x : '\0'; };
   const char* q = p + 2;
   if (lineEnd_ == LineEnd::CarriageReturnNewline) {
      char c = at(q++);
      if (c != '\r') {
         if (csv) return nullptr;
         lineError(p, c == '\n' ? "end-of-copy marker does not match previous newline style" : "end-of-copy marker corrupt", nullptr);
      }
   }
   char c = at(q++);
   if (c != '\r' && c != '\n') {
      if (csv) return nullptr;
      lineError(p, "end-of-copy marker corrupt", nullptr);
   }
   if ((lineEnd_ == LineEnd::Newline && c != '\n') || (lineEnd_ == LineEnd::CarriageReturnNewline && c != '\n') ||
       (lineEnd_ == LineEnd::CarriageReturn && c != '\r'))
      lineError(p, "end-of-copy marker does not match previous newline style", nullptr);
   return q;
}

bool CopyRecordReader::nextText(std::vector<CopyField>& fields) {
   // The line: a backslash takes the character after it (a line end too) as data.
   const char* p = pos_;
   const char* lineEnd = end_;
   const char* next = end_;
   const char* marker = nullptr;
   while (p < end_) {
      char c = *p;
      if (c == '\r' || c == '\n') {
         lineEnd = p;
         next = p + lineEndAt(p, false);
         break;
      }
      if (c == '\\' && p + 1 < end_) {
         if (p[1] == '.' && (marker = endMarkerAt(p, false))) {
            lineEnd = p;
            next = marker;
            break;
         }
         p += 2;
         continue;
      }
      ++p;
   }
   finishRecord(lineEnd, next);
   // The marker ends the data; in a file, where data comes before it on its line, just the line.
   if (marker && (lineEnd == pos_ || fromClient_)) done_ = true;
   if (marker && lineEnd == pos_) return false;
   // The fields, as CopyReadAttributesText: the NULL string is matched before escapes are read.
   scratch_.resize(size_t(lineEnd - pos_));
   char* out = scratch_.data();
   char delimiter = options_.delimiter;
   for (p = pos_;;) {
      const char* start = p;
      const char* rawEnd = p;
      char* text = out;
      bool delimiterFound = false, nonAscii = false;
      while (true) {
         rawEnd = p;
         if (p >= lineEnd) break;
         char c = *p++;
         if (c == delimiter) {
            delimiterFound = true;
            break;
         }
         if (c == '\\') {
            if (p >= lineEnd) break;  // a backslash that ends the line is dropped
            c = *p++;
            switch (c) {
               case '0':
               case '1':
               case '2':
               case '3':
               case '4':
               case '5':
               case '6':
               case '7': {
                  int value = c - '0';
                  for (int digits = 1; digits < 3 && p < lineEnd && isOctal(*p); ++digits) value = value * 8 + (*p++ - '0');
                  c = char(value & 0377);
                  nonAscii |= c == 0 || (c & 0x80);
                  break;
               }
               case 'x':
                  if (p < lineEnd && isHex(*p)) {
                     int value = hexValue(*p++);
                     if (p < lineEnd && isHex(*p)) value = value * 16 + hexValue(*p++);
                     c = char(value);
                     nonAscii |= c == 0 || (c & 0x80);
                  }
                  break;
               case 'b': c = '\b'; break;
               case 'f': c = '\f'; break;
               case 'n': c = '\n'; break;
               case 'r': c = '\r'; break;
               case 't': c = '\t'; break;
               case 'v': c = '\v'; break;
               default: break;  // any other character stands for itself
            }
         }
         *out++ = c;
      }
      CopyField field{std::string_view(text, size_t(out - text)), std::string_view(start, size_t(rawEnd - start)) == options_.nullString, false};
      // Escaped bytes may make text that is not UTF-8.
      if (nonAscii && !field.null) requireValidUtf8(field.text);
      fields.push_back(field);
      if (!delimiterFound) break;
   }
   pos_ = next;
   return true;
}

bool CopyRecordReader::nextCsv(std::vector<CopyField>& fields) {
   // The line: line ends inside quotes are data; an escape character (other than the quote)
   // inside quotes keeps the quote after it from closing them.
   char quote = options_.quote, escape = options_.escape == options_.quote ? '\0' : options_.escape;
   const char* p = pos_;
   const char* lineEnd = end_;
   const char* next = end_;
   bool inQuote = false, lastWasEscape = false;
   while (p < end_) {
      char c = *p;
      if (inQuote && c == escape) lastWasEscape = !lastWasEscape;
      if (c == quote && !lastWasEscape) inQuote = !inQuote;
      if (c != escape) lastWasEscape = false;
      // PostgreSQL counts the lines inside quotes by the character its line ends end in.
      if (inQuote && c == (lineEnd_ == LineEnd::Newline ? '\n' : '\r')) ++line_;
      if (!inQuote && (c == '\r' || c == '\n')) {
         lineEnd = p;
         next = p + lineEndAt(p, true);
         break;
      }
      // "\." is the end only alone on a line: it may be a value.
      if (c == '\\' && p == pos_ && p + 1 < end_ && p[1] == '.' && endMarkerAt(p, true)) {
         done_ = true;
         return false;
      }
      ++p;
   }
   finishRecord(lineEnd, next);
   // The fields, as CopyReadAttributesCSV: a quote anywhere in a field opens quoting.
   scratch_.resize(size_t(lineEnd - pos_));
   char* out = scratch_.data();
   char delimiter = options_.delimiter;
   escape = options_.escape;
   for (p = pos_;;) {
      const char* start = p;
      const char* rawEnd = p;
      char* text = out;
      bool delimiterFound = false, sawQuote = false;
      while (true) {
         rawEnd = p;
         if (p >= lineEnd) break;
         char c = *p++;
         if (c == delimiter) {
            delimiterFound = true;
            break;
         }
         if (c != quote) {
            *out++ = c;
            continue;
         }
         sawQuote = true;
         while (true) {
            if (p >= lineEnd) throw Error("22P04", "unterminated CSV quoted field");
            c = *p++;
            if (c == escape && p < lineEnd && (*p == escape || *p == quote)) {
               *out++ = *p++;
               continue;
            }
            if (c == quote) break;
            *out++ = c;
         }
      }
      bool null = !sawQuote && std::string_view(start, size_t(rawEnd - start)) == options_.nullString;
      fields.push_back({std::string_view(text, size_t(out - text)), null, sawQuote});
      if (!delimiterFound) break;
   }
   pos_ = next;
   return true;
}

const char* lineStartAfter(const char* begin, const char* target, const char* end, LineEnd lineEnd, bool csv) {
   char terminator = lineEnd == LineEnd::CarriageReturn ? '\r' : '\n';
   for (const char* p = target; (p = find(p, end, terminator)) < end; ++p) {
      const char* last = p;  // the line end's first character
      if (lineEnd == LineEnd::CarriageReturnNewline) {
         if (p == begin || p[-1] != '\r') continue;
         --last;
      }
      // An odd run of backslashes before it escapes it.
      size_t backslashes = 0;
      for (const char* q = last; !csv && q > begin && q[-1] == '\\'; --q) ++backslashes;
      if (backslashes % 2 == 0) return p + 1;
   }
   return end;
}

}  // namespace kiln
