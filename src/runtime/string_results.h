// How string helpers hand back their result: bytes they computed go to the query's arena unless
// they fit inline; a piece of an input is referenced where it lies.
#pragma once

#include <cstring>
#include <string_view>

#include "common/german_string.h"
#include "common/string_heap.h"

namespace kiln {

/// A computed string: copied to `arena` unless it fits inline.
inline void storeString(GermanString* out, std::string_view text, StringHeap* arena) {
   *out = GermanString::make(text.size() > GermanString::maxInline ? arena->store(text) : text);
}

/// A piece of an input string, which stays valid: inline bytes are copied into `out` itself.
inline void storeStringView(GermanString* out, std::string_view text) {
   if (text.size() <= GermanString::maxInline) {
      char buffer[GermanString::maxInline];
      std::memcpy(buffer, text.data(), text.size());
      *out = GermanString::make(std::string_view(buffer, text.size()));
   } else {
      *out = GermanString::make(text);
   }
}

}  // namespace kiln
