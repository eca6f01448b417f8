// 16-byte "German" strings (Umbra): length, a 4-byte prefix, then either the rest inline
// (length <= 12) or a pointer to the whole string. Most comparisons decide on the first 8 bytes.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace kiln {

struct GermanString {
   static constexpr uint32_t maxInline = 12;

   uint32_t length = 0;
   char prefix[4] = {0, 0, 0, 0};
   union {
      char inlineRest[8];
      const char* pointer;
   };

   GermanString() : pointer(nullptr) {}

   /// Does not copy: a long string keeps pointing at `text`, which must outlive it.
   static GermanString make(std::string_view text) {
      GermanString s;
      s.length = uint32_t(text.size());
      if (text.size() <= maxInline) {
         std::memcpy(s.prefix, text.data(), text.size());
      } else {
         std::memcpy(s.prefix, text.data(), 4);
         s.pointer = text.data();
      }
      return s;
   }

   bool isInline() const { return length <= maxInline; }
   const char* data() const { return isInline() ? prefix : pointer; }
   std::string_view view() const { return {data(), length}; }
};
static_assert(sizeof(GermanString) == 16);

}  // namespace kiln
