#include "common/array_text.h"

#include <strings.h>

#include <algorithm>

#include "common/time_zone.h"
#include "common/timestamp_tz.h"
#include "common/utf8.h"
#include "common/value.h"

namespace kiln::array_text {

namespace {

/// PostgreSQL's array_isspace: the blanks around elements, and those that make one quoted.
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

[[noreturn]] void malformed(std::string_view literal, const std::string& detail) {
   throw Error("22P02", "malformed array literal: \"" + std::string(literal) + "\"", 0, detail);
}

}  // namespace

Elements split(std::string_view literal) {
   size_t at = 0, n = literal.size();
   auto skipBlanks = [&] {
      while (at < n && isBlank(literal[at])) ++at;
   };
   skipBlanks();
   if (at < n && literal[at] == '[') throw Error("0A000", "arrays with explicit bounds are not supported yet");
   if (at == n || literal[at] != '{') malformed(literal, "Array value must start with \"{\" or dimension information.");
   ++at;
   Elements elements;
   skipBlanks();
   if (at < n && literal[at] == '{') throw Error("0A000", "multidimensional arrays are not supported yet");
   if (at < n && literal[at] == '}') {
      ++at;
   } else {
      while (true) {
         skipBlanks();
         if (at == n) malformed(literal, "Unexpected end of input.");
         if (literal[at] == '{') throw Error("0A000", "multidimensional arrays are not supported yet");
         std::string element;
         bool quoted = false, escaped = false;
         size_t lastKept = 0;  // element's size after its last quoted or escaped character
         if (literal[at] == ',' || literal[at] == '}') malformed(literal, "Unexpected \"" + std::string(1, literal[at]) + "\" character.");
         while (at < n && (quoted || (literal[at] != ',' && literal[at] != '}'))) {
            char c = literal[at++];
            if (c == '\\') {
               if (at == n) malformed(literal, "Unexpected end of input.");
               element += literal[at++];
               escaped = true;
               lastKept = element.size();
            } else if (c == '"') {
               // A quoted part must be the whole element (blanks around it aside).
               if (!quoted && !element.empty()) malformed(literal, "Unexpected array element.");
               if (quoted) {
                  quoted = false;
                  lastKept = element.size();
                  skipBlanks();
                  if (at < n && literal[at] != ',' && literal[at] != '}') malformed(literal, "Unexpected array element.");
               } else {
                  quoted = escaped = true;
               }
            } else if (c == '{' && !quoted) {
               malformed(literal, "Unexpected \"{\" character.");
            } else {
               element += c;
               if (quoted) lastKept = element.size();
            }
         }
         if (at == n) malformed(literal, "Unexpected end of input.");
         // Blanks after an unquoted element are not part of it.
         size_t end = element.size();
         while (end > lastKept && isBlank(element[end - 1])) --end;
         element.resize(end);
         if (!escaped && strcasecmp(element.c_str(), "NULL") == 0) elements.push_back(std::nullopt);
         else elements.push_back(std::move(element));
         if (literal[at++] == '}') break;
      }
   }
   skipBlanks();
   if (at != n) malformed(literal, "Junk after closing right brace.");
   return elements;
}

std::optional<std::string> elementAt(std::string_view canonicalText, size_t index) {
   std::optional<std::string> found;
   forEachElement(canonicalText, [&](std::string_view raw, bool quoted) {
      if (index-- > 0) return true;
      if (!quoted && raw == "NULL") return false;
      found.emplace();
      for (size_t i = 0; i < raw.size(); ++i) *found += raw[i] == '\\' && quoted ? raw[++i] : raw[i];
      return false;
   });
   return found;
}

void appendElement(std::string& out, std::string_view element) {
   bool quote = element.empty() || (element.size() == 4 && strncasecmp(element.data(), "NULL", 4) == 0);
   for (char c : element) quote = quote || isBlank(c) || c == '{' || c == '}' || c == ',' || c == '"' || c == '\\';
   if (!quote) {
      out += element;
      return;
   }
   out += '"';
   for (char c : element) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
   }
   out += '"';
}

std::string join(const Elements& elements) {
   std::string out = "{";
   for (size_t i = 0; i < elements.size(); ++i) {
      if (i) out += ',';
      if (elements[i]) appendElement(out, *elements[i]);
      else out += "NULL";
   }
   return out + "}";
}

std::string elementOutput(const Value& value) {
   // A timestamptz is kept in UTC, so that equal instants have equal text in any session's
   // zone; shownInZone writes it in the session's.
   if (value.type.id == TypeId::TimestampTz && !value.isNull) return timestamptz::format(value.integer, *TimeZone::utc());
   std::string text = formatValue(value);
   // CHAR(n) keeps its padding inside arrays, as in PostgreSQL.
   text::padToLength(text, value.type);
   return text;
}

std::string shownInZone(std::string_view canonicalText, SqlType type) {
   if (type.element != TypeId::TimestampTz) return std::string(canonicalText);
   Elements elements = split(canonicalText);
   for (auto& e : elements)
      if (e) e = formatValue(parseValue(*e, type.elementType()));
   return join(elements);
}

std::string canonical(std::string_view literal, SqlType type, bool explicitCast) {
   Elements elements = split(literal);
   SqlType element = type.elementType();
   for (auto& e : elements) {
      if (!e) continue;
      // An explicit cast cuts strings to the length limit (as a cast of a string does).
      if (explicitCast && element.isString() && element.length) e->resize(byteOffset(*e, element.length));
      e = elementOutput(parseValue(*e, element));
   }
   return join(elements);
}

std::optional<std::string> equalityText(std::optional<std::string> element, SqlType elementType) {
   if (!element || elementType.id != TypeId::Numeric) return element;
   Numeric value = Numeric::parse(*element);
   return value.withScale(int(std::max<int64_t>(-value.exponent(), 0))).toString();
}

std::string equalityText(std::string_view canonicalText, SqlType elementType) {
   if (elementType.id != TypeId::Numeric) return std::string(canonicalText);
   Elements elements = split(canonicalText);
   for (auto& e : elements) e = equalityText(std::move(e), elementType);
   return join(elements);
}

}  // namespace kiln::array_text
