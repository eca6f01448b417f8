// A key as a B+-tree node stores it. Keys of up to 24 bytes (those of integer and date columns,
// including composite ones) live inside it and compare as three big-endian words, without a
// call or a pointer to chase; longer keys are kept on the heap and compared with memcmp.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace kiln {

class NodeKey {
   public:
   NodeKey() : size_(0), words_{0, 0, 0} {}
   explicit NodeKey(std::string_view bytes) : size_(uint32_t(bytes.size())), words_{0, 0, 0} {
      if (isInline()) {
         std::memcpy(words_, bytes.data(), bytes.size());
      } else {
         heap_ = new char[bytes.size()];
         std::memcpy(heap_, bytes.data(), bytes.size());
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
      if (!isInline()) delete[] heap_;
   }

   std::string_view view() const { return {isInline() ? reinterpret_cast<const char*>(words_) : heap_, size_}; }

   /// memcmp order of the bytes, a prefix first.
   friend bool operator<(const NodeKey& a, const NodeKey& b) {
      if (a.isInline() && b.isInline()) {
         // Zero padding sorts like a shorter key: equal words leave the sizes to decide.
         for (int i = 0; i < 3; ++i)
            if (a.words_[i] != b.words_[i]) return __builtin_bswap64(a.words_[i]) < __builtin_bswap64(b.words_[i]);
         return a.size_ < b.size_;
      }
      return a.view() < b.view();
   }
   friend bool operator==(const NodeKey& a, const NodeKey& b) {
      if (a.size_ != b.size_) return false;
      if (a.isInline()) return a.words_[0] == b.words_[0] && a.words_[1] == b.words_[1] && a.words_[2] == b.words_[2];
      return a.view() == b.view();
   }

   private:
   static constexpr uint32_t inlineCapacity = 24;
   bool isInline() const { return size_ <= inlineCapacity; }

   uint32_t size_;
   union {
      uint64_t words_[3];
      char* heap_;
   };
};

}  // namespace kiln
