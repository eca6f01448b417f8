#include "parser/similar_to.h"

#include "common/utf8.h"
#include "kiln/kiln.h"

namespace kiln {

std::string similarToRegex(std::string_view pattern, std::optional<std::string_view> escape) {
   std::string_view escapeCharacter = escape.value_or("\\");
   if (characterCount(escapeCharacter) > 1) throw Error("22025", "invalid escape string");
   std::string out = "^(?:";
   bool afterEscape = false, inBrackets = false;
   size_t bracketPosition = 0;  // characters since the bracket expression's '[' (a leading '^' not counted)
   int separators = 0;
   for (size_t i = 0; i < pattern.size();) {
      size_t length = byteOffset(pattern.substr(i), 1);
      std::string_view c = pattern.substr(i, length);
      i += length;
      if (afterEscape) {
         afterEscape = false;
         if (c == "\"" && !inBrackets) {
            // a"b"c selects b for substring(... SIMILAR ...): the parts around it match lazily.
            if (separators == 2) throw Error("2200C", "SQL regular expression may not contain more than two escape-double-quote separators");
            out += separators++ == 0 ? "){1,1}?(" : "){1,1}(?:";
         } else {
            out += '\\';
            out += c;
         }
      } else if (!escapeCharacter.empty() && c == escapeCharacter) {
         afterEscape = true;
      } else if (inBrackets) {
         if (c == "\\") out += '\\';
         out += c;
         if (c == "]" && bracketPosition > 0) inBrackets = false;
         if (!(c == "^" && bracketPosition == 0)) ++bracketPosition;
      } else if (c == "[") {
         out += c;
         inBrackets = true;
         bracketPosition = 0;
      } else if (c == "%") {
         out += ".*";
      } else if (c == "_") {
         out += '.';
      } else if (c == "(") {
         out += "(?:";  // only the separators capture
      } else if (c == "\\" || c == "." || c == "^" || c == "$") {
         out += '\\';
         out += c;
      } else {
         out += c;
      }
   }
   return out + ")$";
}

}  // namespace kiln
