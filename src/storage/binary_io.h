// Little helpers to write and read the binary formats of the log and of checkpoints.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "kiln/kiln.h"

namespace kiln {

class BinaryWriter {
   public:
   template <typename T>
   void put(const T& value) {
      buffer_.append(reinterpret_cast<const char*>(&value), sizeof(T));
   }
   void putBytes(const void* data, size_t size) { buffer_.append(static_cast<const char*>(data), size); }
   void putString(std::string_view s) {
      put(uint32_t(s.size()));
      buffer_.append(s);
   }
   std::string& buffer() { return buffer_; }

   private:
   std::string buffer_;
};

class BinaryReader {
   public:
   BinaryReader(const char* data, size_t size) : data_(data), size_(size) {}
   template <typename T>
   T get() {
      T value;
      std::memcpy(&value, take(sizeof(T)), sizeof(T));
      return value;
   }
   const char* take(size_t size) {
      if (size > size_ - position_) throw Error("XX001", "corrupt data: a record ends early");
      const char* p = data_ + position_;
      position_ += size;
      return p;
   }
   std::string getString() {
      uint32_t size = get<uint32_t>();
      return std::string(take(size), size);
   }
   bool atEnd() const { return position_ == size_; }

   private:
   const char* data_;
   size_t size_;
   size_t position_ = 0;
};

/// CRC-32 (the zlib polynomial) of `data`; `previous`, the CRC of what comes before it, continues
/// one over several pieces (crc32(b, crc32(a)) is the CRC of a then b).
uint32_t crc32(const void* data, size_t size, uint32_t previous = 0);

}  // namespace kiln
