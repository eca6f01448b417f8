// The values seen by aggregates over DISTINCT values, for every group at once: one hash set of
// (group, value) pairs. A group's first value costs no set of its own, and a value is one probe
// of open addressing, not a node allocated in a per-group std::unordered_set.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "common/memory_blocks.h"
#include "common/string_heap.h"

namespace kiln {

class DistinctSets {
   public:
   DistinctSets() : slots_(1024) {}
   /// Adds `value` to the values of the group whose handle `*group` holds (null before the group's
   /// first value: it then gets one); true when the group had not seen the value yet.
   bool insert(void** group, std::string_view value);

   private:
   // Three words, so that more slots share a cache line: a probe of a large set misses the cache.
   struct Slot {
      uint64_t group = 0;  // 0: the slot is free
      uint64_t head = 0;   // the value's first (up to) 8 bytes, zero-padded
      // Values of up to 8 bytes (compared by `head` alone): their length. Longer ones: where
      // their length (4 bytes) and all their bytes are kept (an address, never that small).
      uintptr_t rest = 0;
   };
   static constexpr size_t shortLength = sizeof(uint64_t);
   static uint64_t headOf(std::string_view value);
   static uint64_t hashOf(uint64_t group, std::string_view value);
   /// The value a slot holds (`buffer` keeps a short one's bytes).
   static std::string_view valueOf(const Slot& slot, uint64_t& buffer);
   void grow();

   std::vector<Slot, BlockAllocator<Slot>> slots_;
   size_t used_ = 0;
   uint64_t groups_ = 0;
   StringHeap values_;
};

}  // namespace kiln
