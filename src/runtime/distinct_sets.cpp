#include "runtime/distinct_sets.h"

#include <cstring>
#include <functional>

#include "common/hash_mix.h"

namespace kiln {

bool DistinctSets::insert(void** group, std::string_view value) {
   if (!*group) *group = reinterpret_cast<void*>(++groups_);
   uint64_t id = reinterpret_cast<uint64_t>(*group);
   uint64_t hash = mixBits(std::hash<std::string_view>()(value) + id * 0x9E3779B97F4A7C15ULL);
   if (2 * (used_ + 1) > slots_.size()) grow();
   size_t mask = slots_.size() - 1;
   for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.group == 0) {
         std::string_view stored = value.empty() ? std::string_view() : values_.store(value);
         slot = {hash, id, stored.data(), uint32_t(stored.size())};
         ++used_;
         return true;
      }
      if (slot.hash == hash && slot.group == id && slot.length == value.size() && std::memcmp(slot.data, value.data(), value.size()) == 0) return false;
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
