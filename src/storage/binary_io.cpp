#include "storage/binary_io.h"

#include <array>

namespace kiln {

uint32_t crc32(const void* data, size_t size, uint32_t previous) {
   static const auto table = [] {
      std::array<uint32_t, 256> t{};
      for (uint32_t i = 0; i < 256; ++i) {
         uint32_t c = i;
         for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
         t[i] = c;
      }
      return t;
   }();
   uint32_t c = ~previous;
   const auto* p = static_cast<const unsigned char*>(data);
   for (size_t i = 0; i < size; ++i) c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
   return c ^ 0xFFFFFFFFu;
}

}  // namespace kiln
