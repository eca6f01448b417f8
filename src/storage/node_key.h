// A key as a B+-tree node stores it. Keys of up to 24 bytes (those of integer and date columns,
// including composite ones) live inside it and compare as three big-endian words, without a
// call or a pointer to chase. Longer keys (those with strings) are kept on the heap, and their
// first 16 bytes inside as well: most comparisons of a search decide on those, so a binary search
// over a node does not chase a pointer at each step.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>

namespace kiln {

/// The bytes of a key short enough to live inside a NodeKey, written in place by OrderedKey (no
/// string in between, no copy of a variable length); zero past its size, as NodeKey keeps them.
/// For keys of fixed-width values whose encodings fit together (orderedKeyBytes).
class InlineKeyBytes {
   public:
   static constexpr size_t capacity = 24;
   void push_back(char c) { bytes_[size_++] = c; }
   void append(const char* data, size_t n) {
      std::memcpy(bytes_ + size_, data, n);
      size_ += uint32_t(n);
   }
   void append(size_t n, char c) {
      std::memset(bytes_ + size_, c, n);
      size_ += uint32_t(n);
   }
   void append(std::string_view text) { append(text.data(), text.size()); }
   uint32_t size() const { return size_; }
   const char* data() const { return bytes_; }

   private:
   alignas(8) char bytes_[capacity] = {};
   uint32_t size_ = 0;
};

class NodeKey {
   public:
   NodeKey() : size_(0), words_{0, 0, 0} {}
   explicit NodeKey(const InlineKeyBytes& bytes) : size_(bytes.size()) {
      static_assert(InlineKeyBytes::capacity == inlineCapacity);
      std::memcpy(words_, bytes.data(), sizeof(words_));
   }
   explicit NodeKey(std::string_view bytes) : size_(uint32_t(bytes.size())), words_{0, 0, 0} {
      if (isInline()) {
         std::memcpy(words_, bytes.data(), bytes.size());
      } else {
         std::memcpy(words_, bytes.data(), prefixBytes);
         char* heap = new char[bytes.size()];
         std::memcpy(heap, bytes.data(), bytes.size());
         setHeap(heap);
      }
   }
   NodeKey(const NodeKey& other) : NodeKey(other.view()) {}
   NodeKey(NodeKey&& other) noexcept : size_(other.size_) {
      std::memcpy(words_, other.words_, sizeof(words_));
      other.size_ = 0;
   }
   NodeKey& operator=(const NodeKey& other) {
      if (this != &other) *this = NodeKey(other);
      return *this;
   }
   NodeKey& operator=(NodeKey&& other) noexcept {
      std::swap(size_, other.size_);
      uint64_t words[3];
      std::memcpy(words, words_, sizeof(words));
      std::memcpy(words_, other.words_, sizeof(words));
      std::memcpy(other.words_, words, sizeof(words));
      return *this;
   }
   ~NodeKey() {
      if (!isInline()) delete[] heap();
   }

   std::string_view view() const { return {isInline() ? reinterpret_cast<const char*>(words_) : heap(), size_}; }
   /// Whether the bytes are inside (a copy allocates nothing).
   bool isInline() const { return size_ <= inlineCapacity; }

   /// memcmp order of the bytes, a prefix first.
   friend bool operator<(const NodeKey& a, const NodeKey& b) {
      // The first 16 bytes are inside both (zero padding sorts like a shorter key, and where the
      // words are equal the bytes behind them decide).
      for (int i = 0; i < 2; ++i)
         if (a.words_[i] != b.words_[i]) return __builtin_bswap64(a.words_[i]) < __builtin_bswap64(b.words_[i]);
      if (a.isInline() && b.isInline()) {
         if (a.words_[2] != b.words_[2]) return __builtin_bswap64(a.words_[2]) < __builtin_bswap64(b.words_[2]);
         return a.size_ < b.size_;
      }
      return a.suffix() < b.suffix();
   }
   friend bool operator==(const NodeKey& a, const NodeKey& b) {
      if (a.size_ != b.size_ || a.words_[0] != b.words_[0] || a.words_[1] != b.words_[1]) return false;
      if (a.isInline()) return a.words_[2] == b.words_[2];
      return std::memcmp(a.heap() + prefixBytes, b.heap() + prefixBytes, a.size_ - prefixBytes) == 0;
   }

   private:
   static constexpr uint32_t inlineCapacity = 24;
   static constexpr size_t prefixBytes = 16;  // of a heap key, kept in words_[0] and words_[1]
   char* heap() const {
      char* heap;
      std::memcpy(&heap, &words_[2], sizeof(heap));
      return heap;
   }
   void setHeap(char* heap) { std::memcpy(&words_[2], &heap, sizeof(heap)); }
   /// The bytes after the first 16 (none for a shorter key).
   std::string_view suffix() const {
      std::string_view bytes = view();
      return bytes.substr(std::min<size_t>(prefixBytes, bytes.size()));
   }

   uint32_t size_;
   uint64_t words_[3];
};

}  // namespace kiln
