#include "engine/copy_writer.h"

namespace kiln {

namespace {

std::string textField(const std::string& value, const CopyOptions& options) {
   std::string field;
   for (char c : value) {
      switch (c) {
         case '\\': field += "\\\\"; break;
         case '\n': field += "\\n"; break;
         case '\r': field += "\\r"; break;
         case '\t': field += "\\t"; break;
         case '\b': field += "\\b"; break;
         case '\f': field += "\\f"; break;
         case '\v': field += "\\v"; break;
         default:
            if (c == options.delimiter) field += '\\';
            field += c;
      }
   }
   return field;
}

std::string csvField(const std::string& value, const CopyOptions& options) {
   bool quote = value == options.nullString || value.find_first_of(std::string{options.delimiter, options.quote, '\r', '\n'}) != std::string::npos;
   if (!quote) return value;
   std::string field(1, options.quote);
   for (char c : value) {
      if (c == options.quote || c == options.escape) field += options.escape;
      field += c;
   }
   return field + options.quote;
}

std::string field(const std::string& value, const CopyOptions& options) { return options.csv ? csvField(value, options) : textField(value, options); }

}  // namespace

std::string copyHeaderLine(const ResultData& result, const CopyOptions& options) {
   std::string line;
   for (size_t c = 0; c < result.names.size(); ++c) line += (c ? std::string(1, options.delimiter) : "") + field(result.names[c], options);
   return line;
}

std::string copyLine(const ResultData& result, size_t row, const CopyOptions& options) {
   std::string line;
   for (size_t c = 0; c < result.layout.fields.size(); ++c) {
      if (c) line += options.delimiter;
      Value value = result.value(row, c);
      if (value.isNull) {
         line += options.nullString;
         continue;
      }
      std::string text = formatValue(value);
      text::padToLength(text, value.type);  // CHAR(n) as its output shows it
      line += field(text, options);
   }
   return line;
}

}  // namespace kiln
