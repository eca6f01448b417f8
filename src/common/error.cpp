#include "kiln/kiln.h"

namespace kiln {

std::string Error::format(const std::string& sqlText) const {
   std::string out = "ERROR:  " + message_;
   if (position_ > 0 && size_t(position_) <= sqlText.size() + 1) {
      size_t offset = size_t(position_ - 1);
      size_t lineStart = sqlText.rfind('\n', offset == 0 ? 0 : offset - 1);
      lineStart = (lineStart == std::string::npos || offset == 0) ? 0 : lineStart + 1;
      if (offset < lineStart) lineStart = 0;
      size_t lineEnd = sqlText.find('\n', offset);
      if (lineEnd == std::string::npos) lineEnd = sqlText.size();
      size_t lineNumber = 1;
      for (size_t i = 0; i < lineStart; ++i) lineNumber += sqlText[i] == '\n';
      std::string prefix = "LINE " + std::to_string(lineNumber) + ": ";
      std::string line = sqlText.substr(lineStart, lineEnd - lineStart);
      for (char& c : line)
         if (c == '\t') c = ' ';
      out += "\n" + prefix + line + "\n" + std::string(prefix.size() + (offset - lineStart), ' ') + "^";
   }
   if (!detail_.empty()) out += "\nDETAIL:  " + detail_;
   return out;
}

}  // namespace kiln
