// string_agg's growing text. A long text lives in an arena block that keeps its capacity in the
// 8 bytes before the text; it is appended to in place while it fits and copied to a block twice
// as large when not. Bytes within a text's length are never written again, so values already
// taken from the state (a window's earlier rows) stay valid.
#include <algorithm>
#include <cstring>

#include "runtime/helpers.h"

using namespace kiln;

namespace {

constexpr size_t capacityHeader = sizeof(uint64_t);
/// PostgreSQL's limit on a string buffer (1 GB less one byte).
constexpr size_t maxLength = 0x3FFFFFFF - 1;

size_t capacityOf(const GermanString& text) {
   if (text.isInline()) return 0;
   uint64_t capacity;
   std::memcpy(&capacity, text.pointer - capacityHeader, capacityHeader);
   return capacity;
}

}  // namespace

extern "C" void kiln_string_agg_append(GermanString* text, const GermanString* delimiter, const GermanString* value, StringHeap* arena) {
   std::string_view separator = delimiter ? delimiter->view() : std::string_view(), added = value->view();
   size_t old = text->length, length = old + separator.size() + added.size();
   if (length > maxLength)
      throw Error("54000", "out of memory: cannot enlarge string buffer containing " + std::to_string(old) + " bytes by " + std::to_string(length - old) +
                              " more bytes");
   if (length <= GermanString::maxInline) {
      char bytes[GermanString::maxInline];
      std::memcpy(bytes, text->data(), old);
      std::memcpy(bytes + old, separator.data(), separator.size());
      std::memcpy(bytes + old + separator.size(), added.data(), added.size());
      *text = GermanString::make({bytes, length});
      return;
   }
   char* data = text->isInline() ? nullptr : const_cast<char*>(text->pointer);
   if (length > capacityOf(*text)) {
      uint64_t capacity = std::max<uint64_t>({length, 2 * capacityOf(*text), 64});
      char* block = arena->allocate(capacityHeader + capacity);
      std::memcpy(block, &capacity, capacityHeader);
      std::memcpy(block + capacityHeader, text->data(), old);
      data = block + capacityHeader;
   }
   std::memcpy(data + old, separator.data(), separator.size());
   std::memcpy(data + old + separator.size(), added.data(), added.size());
   *text = GermanString::make({data, length});
}
