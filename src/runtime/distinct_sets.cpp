#include "runtime/distinct_sets.h"

#include <algorithm>
#include <cstring>

#include "common/hash_mix.h"

namespace kiln {

uint64_t DistinctSets::headOf(std::string_view value) {
   uint64_t head = 0;
   std::memcpy(&head, value.data(), std::min<size_t>(value.size(), sizeof(head)));
   return head;
}

bool DistinctSets::insert(void** group, std::string_view value) {
   if (!*group) *group = reinterpret_cast<void*>(++groups_);
   uint64_t id = reinterpret_cast<uint64_t>(*group);
   uint64_t hash = mixBits(hashBytes(value.data(), value.size()) + id * 0x9E3779B97F4A7C15ULL);
   uint64_t head = headOf(value);
   bool short_ = value.size() <= sizeof(head);
   if (2 * (used_ + 1) > slots_.size()) grow();
   size_t mask = slots_.size() - 1;
   for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.group == 0) {
         const char* stored = short_ ? nullptr : values_.store(value).data();
         slot = {hash, id, head, stored, uint32_t(value.size())};
         ++used_;
         return true;
      }
      if (slot.hash == hash && slot.group == id && slot.length == value.size() && slot.head == head &&
          (short_ || std::memcmp(slot.data, value.data(), value.size()) == 0))
         return false;
   }
}

void DistinctSets::grow() {
   std::vector<Slot> old(slots_.size() * 2);
   old.swap(slots_);
   size_t mask = slots_.size() - 1;
   for (const Slot& slot : old) {
      if (slot.group == 0) continue;
      size_t i = slot.hash & mask;
      while (slots_[i].group != 0) i = (i + 1) & mask;
      slots_[i] = slot;
   }
}

}  // namespace kiln
