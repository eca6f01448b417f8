#include "runtime/distinct_sets.h"

#include <algorithm>
#include <cstring>

#include "common/hash_mix.h"

namespace kiln {

uint64_t DistinctSets::headOf(std::string_view value) {
   uint64_t head = 0;
   std::memcpy(&head, value.data(), std::min(value.size(), shortLength));
   return head;
}

uint64_t DistinctSets::hashOf(uint64_t group, std::string_view value) {
   // A short value is all in its head: one multiply instead of a pass over its bytes.
   uint64_t bytes = value.size() <= shortLength ? headOf(value) * 0xBF58476D1CE4E5B9ULL + value.size() : hashBytes(value.data(), value.size());
   return mixBits(bytes + group * 0x9E3779B97F4A7C15ULL);
}

std::string_view DistinctSets::valueOf(const Slot& slot, uint64_t& buffer) {
   if (slot.rest <= shortLength) {
      buffer = slot.head;
      return {reinterpret_cast<const char*>(&buffer), size_t(slot.rest)};
   }
   const char* stored = reinterpret_cast<const char*>(slot.rest);
   uint32_t length;
   std::memcpy(&length, stored, sizeof(length));
   return {stored + sizeof(length), length};
}

bool DistinctSets::insert(void** group, std::string_view value) {
   if (!*group) *group = reinterpret_cast<void*>(++groups_);
   uint64_t id = reinterpret_cast<uint64_t>(*group);
   uint64_t head = headOf(value);
   bool isShort = value.size() <= shortLength;
   if (2 * (used_ + 1) > slots_.size()) grow();
   size_t mask = slots_.size() - 1;
   for (size_t i = hashOf(id, value) & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.group == 0) {
         uintptr_t rest = value.size();
         if (!isShort) {
            auto length = uint32_t(value.size());
            char* stored = values_.allocate(sizeof(length) + value.size());
            std::memcpy(stored, &length, sizeof(length));
            std::memcpy(stored + sizeof(length), value.data(), value.size());
            rest = reinterpret_cast<uintptr_t>(stored);
         }
         slot = {id, head, rest};
         ++used_;
         return true;
      }
      if (slot.group != id || slot.head != head) continue;
      if (isShort ? slot.rest == value.size() : slot.rest > shortLength && [&] {
             uint64_t unused;
             return valueOf(slot, unused) == value;
          }())
         return false;
   }
}

void DistinctSets::grow() {
   std::vector<Slot, BlockAllocator<Slot>> old(slots_.size() * 2);
   old.swap(slots_);
   size_t mask = slots_.size() - 1;
   for (const Slot& slot : old) {
      if (slot.group == 0) continue;
      uint64_t buffer;
      size_t i = hashOf(slot.group, valueOf(slot, buffer)) & mask;
      while (slots_[i].group != 0) i = (i + 1) & mask;
      slots_[i] = slot;
   }
}

}  // namespace kiln
