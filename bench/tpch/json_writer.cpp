#include "json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace kiln::bench {

JsonWriter& JsonWriter::key(std::string_view name) {
   beforeValue();
   writeString(name);
   out_ << ": ";
   afterKey_ = true;
   return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
   beforeValue();
   writeString(text);
   return *this;
}

JsonWriter& JsonWriter::value(double number) {
   if (!std::isfinite(number)) return null();
   beforeValue();
   char text[32];
   auto [end, error] = std::to_chars(text, text + sizeof(text), number);  // shortest text that reads back the same
   out_.write(text, end - text);
   return *this;
}

JsonWriter& JsonWriter::value(int64_t number) {
   beforeValue();
   out_ << number;
   return *this;
}

JsonWriter& JsonWriter::value(uint64_t number) {
   beforeValue();
   out_ << number;
   return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
   beforeValue();
   out_ << (flag ? "true" : "false");
   return *this;
}

JsonWriter& JsonWriter::null() {
   beforeValue();
   out_ << "null";
   return *this;
}

JsonWriter& JsonWriter::open(char bracket) {
   beforeValue();
   out_ << bracket;
   hasMembers_.push_back(false);
   return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
   bool hadMembers = hasMembers_.back();
   hasMembers_.pop_back();
   if (hadMembers) newline();
   out_ << bracket;
   if (hasMembers_.empty()) out_ << "\n";
   return *this;
}

void JsonWriter::beforeValue() {
   if (afterKey_) {
      afterKey_ = false;
      return;
   }
   if (hasMembers_.empty()) return;
   if (hasMembers_.back()) out_ << ",";
   hasMembers_.back() = true;
   newline();
}

void JsonWriter::newline() {
   out_ << "\n";
   for (size_t i = 0; i < hasMembers_.size(); ++i) out_ << "  ";
}

void JsonWriter::writeString(std::string_view text) {
   out_ << '"';
   for (char c : text) {
      switch (c) {
         case '"': out_ << "\\\""; break;
         case '\\': out_ << "\\\\"; break;
         case '\n': out_ << "\\n"; break;
         case '\r': out_ << "\\r"; break;
         case '\t': out_ << "\\t"; break;
         default:
            if (static_cast<unsigned char>(c) < 0x20) {
               char escape[8];
               std::snprintf(escape, sizeof(escape), "\\u%04x", c);
               out_ << escape;
            } else {
               out_ << c;
            }
      }
   }
   out_ << '"';
}

}  // namespace kiln::bench
