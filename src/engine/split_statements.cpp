#include <cctype>

#include "kiln/kiln.h"

namespace kiln {

static bool isBlank(const std::string& text) {
   // Only whitespace and comments?
   size_t i = 0;
   while (i < text.size()) {
      if (std::isspace(static_cast<unsigned char>(text[i]))) {
         ++i;
      } else if (text.compare(i, 2, "--") == 0) {
         while (i < text.size() && text[i] != '\n') ++i;
      } else if (text.compare(i, 2, "/*") == 0) {
         size_t end = text.find("*/", i + 2);
         if (end == std::string::npos) return false;
         i = end + 2;
      } else {
         return false;
      }
   }
   return true;
}

static std::string trim(const std::string& s) {
   size_t b = 0, e = s.size();
   while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
   while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
   return s.substr(b, e - b);
}

std::vector<std::string> splitStatements(const std::string& text, std::string* rest) {
   std::vector<std::string> statements;
   size_t start = 0, i = 0, n = text.size();
   int depth = 0;  // parentheses
   while (i < n) {
      char c = text[i];
      if (c == '\'' || c == '"') {
         // Quoted literal or identifier; a doubled quote stays inside.
         ++i;
         while (i < n) {
            if (text[i] == c) {
               if (i + 1 < n && text[i + 1] == c) {
                  i += 2;
                  continue;
               }
               break;
            }
            if (c == '\'' && text[i] == '\\' && i > 0 && i + 1 < n) {
               // E'...' escapes: a backslash protects the next character.
               size_t q = text.rfind('\'', i);
               if (q != std::string::npos && q > 0 && (text[q - 1] == 'E' || text[q - 1] == 'e')) ++i;
            }
            ++i;
         }
         if (i >= n) break;
         ++i;
      } else if (c == '-' && i + 1 < n && text[i + 1] == '-') {
         while (i < n && text[i] != '\n') ++i;
      } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
         size_t end = text.find("*/", i + 2);
         i = end == std::string::npos ? n : end + 2;
      } else if (c == '$') {
         // Dollar quoting: $tag$ ... $tag$
         size_t close = text.find('$', i + 1);
         bool tag = close != std::string::npos;
         for (size_t k = i + 1; tag && k < close; ++k) tag = std::isalnum(static_cast<unsigned char>(text[k])) || text[k] == '_';
         if (tag && (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1])))) {
            std::string delimiter = text.substr(i, close - i + 1);
            size_t end = text.find(delimiter, close + 1);
            i = end == std::string::npos ? n : end + delimiter.size();
         } else {
            ++i;
         }
      } else if (c == '(') {
         ++depth;
         ++i;
      } else if (c == ')') {
         if (depth) --depth;
         ++i;
      } else if (c == ';' && depth == 0) {
         std::string statement = trim(text.substr(start, i - start));
         if (!isBlank(statement)) statements.push_back(statement);
         start = ++i;
      } else {
         ++i;
      }
   }
   std::string tail = text.substr(std::min(start, n));
   if (rest) *rest = isBlank(tail) ? "" : tail;
   return statements;
}

}  // namespace kiln
