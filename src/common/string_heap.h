// Append-only storage for string bytes with stable addresses: German strings point into it.
#pragma once

#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "common/memory_blocks.h"
#include "common/page_array.h"

namespace kiln {

class StringHeap {
   public:
   /// Copies `text` and returns the stable copy.
   std::string_view store(std::string_view text) {
      if (text.size() > capacity_ - used_) grow(text.size());
      char* target = current_ + used_;
      std::memcpy(target, text.data(), text.size());
      used_ += text.size();
      return {target, text.size()};
   }
   /// Reserves `size` bytes the caller fills in.
   char* allocate(size_t size) {
      if (size > capacity_ - used_) grow(size);
      char* target = current_ + used_;
      used_ += size;
      return target;
   }
   /// Makes room for `size` more bytes, in a chunk of just that size if there is none: for a
   /// caller that knows it stores little (a malloc of a standard chunk would cost more).
   void reserve(size_t size) {
      if (size > capacity_ - used_) addChunk(size);
   }
   /// Takes over `other`'s bytes (their addresses stay valid).
   void adopt(StringHeap&& other) {
      for (auto& chunk : other.chunks_) chunks_.insert(chunks_.end() - (chunks_.empty() ? 0 : 1), std::move(chunk));
      other.chunks_.clear();
      other.current_ = nullptr;
      other.used_ = other.capacity_ = 0;
   }
   /// Empty again, keeping the current chunk's memory for the next bytes.
   void clearKeepingMemory() {
      if (chunks_.empty()) return;
      if (chunks_.size() > 1) {
         std::swap(chunks_.front(), chunks_.back());
         chunks_.erase(chunks_.begin() + 1, chunks_.end());
      }
      current_ = chunks_.front().data();
      used_ = 0;
   }
   void clear() {
      chunks_.clear();
      current_ = nullptr;
      used_ = capacity_ = 0;
   }

   private:
   void grow(size_t atLeast) { addChunk(std::max<size_t>(atLeast, chunks_.empty() ? 4096 : std::min<size_t>(capacity_ * 2, 16 << 20))); }
   void addChunk(size_t size) {
      chunks_.emplace_back(size);
      current_ = chunks_.back().data();
      used_ = 0;
      capacity_ = size;
   }

   // Chunks of a huge page and more are pages of their own (page_array.h: huge pages, for a
   // table's strings as for its columns); smaller ones come from the heap.
   class Chunk {
      public:
      explicit Chunk(size_t size) : size_(size), data_(size >= hugePageSize ? static_cast<char*>(growPages(nullptr, 0, size)) : new char[size]) {}
      ~Chunk() {
         if (size_ >= hugePageSize) freePages(data_, size_);
         else delete[] data_;
      }
      Chunk(Chunk&& other) noexcept : size_(other.size_), data_(std::exchange(other.data_, nullptr)) {}
      Chunk& operator=(Chunk&& other) noexcept {
         std::swap(size_, other.size_);
         std::swap(data_, other.data_);
         return *this;
      }
      char* data() const { return data_; }

      private:
      size_t size_;
      char* data_;
   };

   std::vector<Chunk> chunks_;
   char* current_ = nullptr;
   size_t used_ = 0;
   size_t capacity_ = 0;
};

}  // namespace kiln
