// A vector of at most N elements kept inside the object itself: one allocation with whatever
// holds it, so that reaching its elements costs no second cache miss (B+-tree nodes).
#pragma once

#include <cstddef>
#include <cstring>
#include <new>
#include <utility>

namespace kiln {

template <typename T, size_t N>
class FixedVector {
   public:
   FixedVector() = default;
   FixedVector(const FixedVector&) = delete;
   FixedVector& operator=(const FixedVector&) = delete;
   ~FixedVector() { resize(0); }

   T* begin() { return data(); }
   T* end() { return data() + size_; }
   const T* begin() const { return data(); }
   const T* end() const { return data() + size_; }
   size_t size() const { return size_; }
   bool empty() const { return size_ == 0; }
   T& operator[](size_t i) { return data()[i]; }
   const T& operator[](size_t i) const { return data()[i]; }

   /// The caller keeps the size within N.
   void push_back(T value) {
      new (end()) T(std::move(value));
      ++size_;
   }
   T* insert(T* at, T value) {
      std::memmove(static_cast<void*>(at + 1), static_cast<const void*>(at), size_t(end() - at) * sizeof(T));
      new (at) T(std::move(value));
      ++size_;
      return at;
   }
   void erase(T* at) {
      at->~T();
      std::memmove(static_cast<void*>(at), static_cast<const void*>(at + 1), size_t(end() - at - 1) * sizeof(T));
      --size_;
   }
   void resize(size_t count) {
      for (; size_ > count; --size_) end()[-1].~T();
      for (; size_ < count; ++size_) new (end()) T();
   }
   template <typename Iterator>
   void assign(Iterator first, Iterator last) {
      resize(0);
      for (; first != last; ++first) push_back(*first);
   }

   private:
   T* data() { return std::launder(reinterpret_cast<T*>(storage_)); }
   const T* data() const { return std::launder(reinterpret_cast<const T*>(storage_)); }

   alignas(T) unsigned char storage_[N * sizeof(T)];
   size_t size_ = 0;
};

}  // namespace kiln
