// The run-time state of one compiled query: the slots generated code reads (column arrays,
// hash tables, buffers, counters) and the objects behind them.
#pragma once

#include <memory>
#include <vector>

#include "common/string_heap.h"

namespace kiln {

class QueryRuntime {
   public:
   /// Slot 0 always holds the query's string arena.
   static constexpr size_t arenaSlot = 0;

   explicit QueryRuntime(size_t slotCount) : slots_(slotCount, nullptr) { slots_[arenaSlot] = &arena_; }

   void** slots() { return slots_.data(); }
   void*& slot(size_t i) { return slots_[i]; }
   template <typename T>
   T* get(size_t i) {
      return static_cast<T*>(slots_[i]);
   }
   /// Keeps `object` alive for the query and puts it into slot `i`.
   template <typename T>
   T* own(size_t i, std::unique_ptr<T> object) {
      T* raw = object.release();
      owned_.push_back(Owned(raw, [](void* p) { delete static_cast<T*>(p); }));
      slots_[i] = raw;
      return raw;
   }
   StringHeap& arena() { return arena_; }

   private:
   std::vector<void*> slots_;
   using Owned = std::unique_ptr<void, void (*)(void*)>;
   std::vector<Owned> owned_;
   StringHeap arena_;
};

}  // namespace kiln
