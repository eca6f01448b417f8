#include "storage/key_slots.h"

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <new>

#include "common/page_array.h"

namespace kiln {

namespace {

// Arrays from this size are mapped from the kernel directly: zero pages, faulted in when first
// used. (malloc would hand back reused memory below its mmap threshold and clear it at once.)
constexpr size_t mappedBytes = size_t(1) << 20;

// Old slots moved per insert while growing: the old array is empty after capacity / 8 inserts.
// By then a doubled array holds at most 5/8 of the old capacity (5/16 full), and a same-size one
// (made when at most a quarter was live) 3/8 of it: both stay below their growth point, a half.
constexpr size_t migrationStep = 8;

}  // namespace

KeySlots::KeySlots() : current_(allocate(16)) {}

KeySlots::~KeySlots() {
   release(current_);
   release(old_);
}

KeySlots::Array KeySlots::allocate(size_t capacity) {
   Array array;
   array.capacity = capacity;
   size_t bytes = capacity * sizeof(Slot);
   // Each probe lands on a random slot: with 4 KiB pages it misses the TLB as well as the cache
   // (growPages gives a large array huge pages).
   void* memory = bytes >= mappedBytes ? growPages(nullptr, 0, bytes) : std::calloc(capacity, sizeof(Slot));
   if (memory == nullptr) throw std::bad_alloc();
   array.slots = static_cast<Slot*>(memory);
   return array;
}

void KeySlots::release(Array& array) {
   if (!array.slots) return;
   size_t bytes = array.capacity * sizeof(Slot);
   if (bytes >= mappedBytes) freePages(array.slots, bytes);
   else std::free(array.slots);
   array = Array();
}

bool KeySlots::erase(const Key& key, int64_t row) {
   for (Array* array : {&current_, &old_}) {
      if (!array->slots) continue;
      for (Slot* slot = array->slots + (hashOf(key) & (array->capacity - 1)); slot->state != empty; slot = next(*array, slot)) {
         if (slot->state != uint64_t(row) + firstRow) continue;
         slot->state = erased;
         --array->live;
         return true;
      }
   }
   return false;
}

void KeySlots::startGrowth() {
   finishGrowth();
   // Twice the size when mostly live, the same size when mostly erased slots.
   size_t capacity = current_.live * 4 > current_.capacity ? current_.capacity * 2 : current_.capacity;
   old_ = current_;
   current_ = allocate(capacity);
   migrated_ = 0;
}

void KeySlots::migrateSome() {
   size_t end = std::min(old_.capacity, migrated_ + migrationStep);
   for (; migrated_ < end; ++migrated_) {
      Slot& from = old_.slots[migrated_];
      if (from.state < firstRow) continue;
      Slot* to = current_.slots + (hashOf(from.key) & (current_.capacity - 1));
      while (to->state >= firstRow) to = next(current_, to);
      current_.used += to->state == empty;
      ++current_.live;
      *to = from;
      // Left as erased, not empty: the old array's probe sequences must stay intact.
      from.state = erased;
      --old_.live;
   }
   if (migrated_ == old_.capacity) release(old_);
}

}  // namespace kiln
