#include "json_printer.h"

#include <cctype>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <kiln/kiln.h>

namespace kiln::shell {

namespace {

void appendJsonString(std::string& out, std::string_view text) {
   out += '"';
   for (char c : text) {
      switch (c) {
         case '"': out += "\\\""; break;
         case '\\': out += "\\\\"; break;
         case '\b': out += "\\b"; break;
         case '\f': out += "\\f"; break;
         case '\n': out += "\\n"; break;
         case '\r': out += "\\r"; break;
         case '\t': out += "\\t"; break;
         default:
            if (static_cast<unsigned char>(c) < 0x20) {
               char escaped[8];
               std::snprintf(escaped, sizeof(escaped), "\\u%04x", static_cast<unsigned>(c));
               out += escaped;
            } else {
               out += c;
            }
      }
   }
   out += '"';
}

/// JSON's number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
/// PostgreSQL prints NaN and Infinity for floats, which JSON cannot carry as numbers.
bool isJsonNumber(std::string_view text) {
   size_t i = 0;
   auto digits = [&] {
      size_t start = i;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
      return i > start;
   };
   if (i < text.size() && text[i] == '-') ++i;
   if (i < text.size() && text[i] == '0') ++i;
   else if (!digits()) return false;
   if (i < text.size() && text[i] == '.') {
      ++i;
      if (!digits()) return false;
   }
   if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
      ++i;
      if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
      if (!digits()) return false;
   }
   return i == text.size();
}

void appendValue(std::string& out, const Result& result, size_t row, size_t column) {
   if (result.isNull(row, column)) {
      out += "null";
      return;
   }
   SqlType type = result.columnType(column);
   if (type.id == TypeId::Boolean) {
      out += result.getBool(row, column) ? "true" : "false";
      return;
   }
   std::string text = result.getString(row, column);
   if (type.isNumeric() && isJsonNumber(text)) out += text;
   else appendJsonString(out, text);
}

}  // namespace

void printJson(const Result& result, std::ostream& out) {
   std::vector<std::string> keys;
   for (size_t column = 0; column < result.columnCount(); ++column) {
      std::string key;
      appendJsonString(key, result.columnName(column));
      keys.push_back(key + ':');
   }
   out << '[';
   std::string line;
   for (size_t row = 0; row < result.rowCount(); ++row) {
      line.clear();
      if (row > 0) line += ",\n";
      line += '{';
      for (size_t column = 0; column < keys.size(); ++column) {
         if (column > 0) line += ',';
         line += keys[column];
         appendValue(line, result, row, column);
      }
      line += '}';
      out << line;
   }
   out << "]\n";
}

}  // namespace kiln::shell
