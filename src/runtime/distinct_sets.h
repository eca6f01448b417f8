// The values seen by aggregates over DISTINCT values, for every group at once: one hash set of
// (group, value) pairs. A group's first value costs no set of its own, and a value is one probe
// of open addressing, not a node allocated in a per-group std::unordered_set.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "common/string_heap.h"

namespace kiln {

class DistinctSets {
   public:
   DistinctSets() : slots_(1024) {}
   /// Adds `value` to the values of the group whose handle `*group` holds (null before the group's
   /// first value: it then gets one); true when the group had not seen the value yet.
   bool insert(void** group, std::string_view value);

   private:
   struct Slot {
      uint64_t hash = 0;
      uint64_t group = 0;  // 0: the slot is free
      uint64_t head = 0;   // the value's first (up to) 8 bytes: values that short are compared by it alone
      const char* data = nullptr;  // longer values: all their bytes
      uint32_t length = 0;
   };
   /// The first (up to) 8 bytes of `value`, zero-padded.
   static uint64_t headOf(std::string_view value);
   void grow();

   std::vector<Slot> slots_;
   size_t used_ = 0;
   uint64_t groups_ = 0;
   StringHeap values_;
};

}  // namespace kiln
