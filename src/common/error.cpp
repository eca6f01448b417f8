#include "kiln/kiln.h"

namespace kiln {

namespace {

/// UTF-8 characters of `text`, each as a string.
std::vector<std::string> characters(const std::string& text) {
   std::vector<std::string> out;
   for (size_t i = 0; i < text.size();) {
      size_t n = 1;
      while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
      out.push_back(text.substr(i, n));
      i += n;
   }
   return out;
}

}  // namespace

std::string Error::format(const std::string& sqlText) const {
   // Like psql: the line holding the error position, cut to 60 columns around it, and a caret.
   constexpr size_t displaySize = 60, minRightCut = 10;
   std::string out = "ERROR:  " + message_;
   std::vector<std::string> chars = characters(sqlText);
   if (position_ > 0 && size_t(position_) <= chars.size() + 1) {
      size_t offset = size_t(position_ - 1);
      size_t lineStart = offset, lineNumber = 1;
      while (lineStart > 0 && chars[lineStart - 1] != "\n") --lineStart;
      for (size_t i = 0; i < lineStart; ++i) lineNumber += chars[i] == "\n";
      size_t lineEnd = offset;
      while (lineEnd < chars.size() && chars[lineEnd] != "\n") ++lineEnd;
      size_t begin = lineStart, end = lineEnd, caret = offset;
      bool cutBegin = false, cutEnd = false;
      if (end - begin > displaySize) {
         if (caret - begin <= displaySize - minRightCut) {
            end = begin + displaySize;
            cutEnd = true;
         } else {
            if (caret + minRightCut < end) {
               end = caret + minRightCut;
               cutEnd = true;
            }
            if (end - begin > displaySize) {
               begin = end - displaySize;
               cutBegin = true;
            }
         }
      }
      std::string prefix = "LINE " + std::to_string(lineNumber) + ": " + (cutBegin ? "..." : "");
      std::string line;
      for (size_t i = begin; i < end; ++i) line += chars[i] == "\t" ? " " : chars[i];
      out += "\n" + prefix + line + (cutEnd ? "..." : "") + "\n" + std::string(prefix.size() + (caret - begin), ' ') + "^";
   }
   if (!detail_.empty()) out += "\nDETAIL:  " + detail_;
   if (!hint_.empty()) out += "\nHINT:  " + hint_;
   return out;
}

}  // namespace kiln
