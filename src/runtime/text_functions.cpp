// translate, quote_literal, quote_ident and format.
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include <pg_query.h>
#include <pg_query/pg_query.pb-c.h>

#include "common/utf8.h"
#include "common/value.h"
#include "runtime/helpers.h"
#include "runtime/string_results.h"

namespace {

/// Whether PostgreSQL's scanner reads `word` as a keyword that is not unreserved (which an
/// identifier must not be unquoted).
bool isReservedWord(const std::string& word) {
   PgQueryScanResult scan = pg_query_scan(word.c_str());
   bool reserved = false;
   if (!scan.error) {
      PgQuery__ScanResult* tokens = pg_query__scan_result__unpack(nullptr, scan.pbuf.len, reinterpret_cast<const uint8_t*>(scan.pbuf.data));
      if (tokens) {
         reserved = tokens->n_tokens == 1 && tokens->tokens[0]->keyword_kind > PG_QUERY__KEYWORD_KIND__UNRESERVED_KEYWORD;
         pg_query__scan_result__free_unpacked(tokens, nullptr);
      }
   }
   pg_query_free_scan_result(scan);
   return reserved;
}

/// As PostgreSQL's quote_identifier: unquoted if lower-case letters, digits and underscores
/// (not first a digit) and no reserved word; else in double quotes, those inside doubled.
std::string quoteIdentifier(std::string_view name) {
   bool plain = !name.empty() && (std::islower(static_cast<unsigned char>(name[0])) || name[0] == '_');
   for (char c : name) plain = plain && (std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_');
   if (plain && !isReservedWord(std::string(name))) return std::string(name);
   std::string quoted = "\"";
   for (char c : name) {
      if (c == '"') quoted += c;
      quoted += c;
   }
   return quoted + '"';
}

std::string quoteLiteral(std::string_view v) {
   // Quotes and backslashes doubled; with a backslash, an E'' string.
   std::string result = v.find('\\') == std::string_view::npos ? "'" : "E'";
   for (char c : v) {
      if (c == '\'' || c == '\\') result += c;
      result += c;
   }
   return result + '\'';
}

[[noreturn]] void formatError(const std::string& message) { throw kiln::Error("22023", message); }

/// The UTF-8 characters of `s`, each as its bytes.
std::vector<std::string_view> characters(std::string_view s) {
   std::vector<std::string_view> result;
   for (size_t i = 0; i < s.size();) {
      size_t next = i + 1;
      while (next < s.size() && (static_cast<unsigned char>(s[next]) & 0xC0) == 0x80) ++next;
      result.push_back(s.substr(i, next - i));
      i = next;
   }
   return result;
}

}  // namespace

extern "C" {

void kiln_translate(const GermanString* s, const GermanString* from, const GermanString* to, GermanString* out, StringHeap* arena) {
   std::vector<std::string_view> sources = characters(from->view()), targets = characters(to->view());
   std::string result;
   for (std::string_view c : characters(s->view())) {
      // The first occurrence in `from` decides; one beyond `to`'s length deletes the character.
      size_t at = 0;
      while (at < sources.size() && sources[at] != c) ++at;
      if (at == sources.size()) result.append(c);
      else if (at < targets.size()) result.append(targets[at]);
   }
   kiln::storeString(out, result, arena);
}

void kiln_quote_literal(const GermanString* s, GermanString* out, StringHeap* arena) { kiln::storeString(out, quoteLiteral(s->view()), arena); }

void kiln_quote_ident(const GermanString* s, GermanString* out, StringHeap* arena) { kiln::storeString(out, quoteIdentifier(s->view()), arena); }

void kiln_format(const GermanString* format, const GermanString* values, const bool* nulls, int32_t count, GermanString* out, StringHeap* arena) {
   // PostgreSQL's text_format: %[position$][-][width|*[position$]]type, type s, I or L; %%.
   std::string_view f = format->view();
   std::string result;
   int32_t next = 0;  // the next argument, 0-based
   auto readNumber = [&](size_t& i, int64_t& number) {
      if (i >= f.size() || !std::isdigit(static_cast<unsigned char>(f[i]))) return false;
      number = 0;
      while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i]))) {
         number = number * 10 + (f[i++] - '0');
         if (number > INT32_MAX) formatError("number is out of range");
      }
      return true;
   };
   auto argument = [&](int64_t position) {  // 1-based; 0: the next one
      int64_t index = position ? position - 1 : next;
      if (index >= count) formatError("too few arguments for format()");
      next = int32_t(index + 1);
      return index;
   };
   for (size_t i = 0; i < f.size(); ++i) {
      if (f[i] != '%') {
         result += f[i];
         continue;
      }
      if (++i >= f.size()) formatError("unterminated format() type specifier");
      if (f[i] == '%') {
         result += '%';
         continue;
      }
      int64_t position = 0, width = 0, number;
      bool leftAlign = false, hasWidth = false;
      if (readNumber(i, number)) {
         if (i < f.size() && f[i] == '$') {
            if (number == 0) formatError("format specifies argument 0, but arguments are numbered from 1");
            position = number;
            ++i;
         } else {
            width = number;
            hasWidth = true;
         }
      }
      if (!hasWidth) {
         while (i < f.size() && f[i] == '-') leftAlign = true, ++i;
         if (i < f.size() && f[i] == '*') {
            ++i;
            int64_t widthPosition = 0;
            if (readNumber(i, number)) {
               if (i >= f.size() || f[i] != '$') formatError("unterminated format() type specifier");
               if (number == 0) formatError("format specifies argument 0, but arguments are numbered from 1");
               widthPosition = number;
               ++i;
            }
            int64_t index = argument(widthPosition);
            // As PostgreSQL, the width argument is read as an integer: 22003 beyond its range.
            width = nulls[index] ? 0 : kiln::text::parseInteger(values[index].view(), kiln::SqlType::integer());
            if (width == INT32_MIN) throw kiln::Error("22003", "number is out of range");
            if (width < 0) leftAlign = true, width = -width;
         } else {
            readNumber(i, width);
         }
      }
      if (i >= f.size()) formatError("unterminated format() type specifier");
      char type = f[i];
      if (type != 's' && type != 'I' && type != 'L') formatError(std::string("unrecognized format() type specifier \"") + type + "\"");
      int64_t index = argument(position);
      std::string text;
      if (type == 's') {
         if (!nulls[index]) text = values[index].view();
      } else if (type == 'I') {
         if (nulls[index]) throw kiln::Error("22004", "null values cannot be formatted as an SQL identifier");
         text = quoteIdentifier(values[index].view());
      } else {
         text = nulls[index] ? "NULL" : quoteLiteral(values[index].view());
      }
      int64_t pad = width - kiln::characterCount(text);
      // PostgreSQL's limit on a computed string (1 GB with its header).
      if (pad > 0 && int64_t(result.size() + text.size()) + pad > 0x3FFFFFFF - 4) throw kiln::Error("54000", "requested length too large");
      if (pad > 0 && !leftAlign) result.append(size_t(pad), ' ');
      result += text;
      if (pad > 0 && leftAlign) result.append(size_t(pad), ' ');
   }
   kiln::storeString(out, result, arena);
}

}  // extern "C"
