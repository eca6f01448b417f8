// The values of ordered-set aggregates (percentile_cont, percentile_disc, mode) for every group:
// a list per group, sorted once, when the group's result is made.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "common/physical_type.h"
#include "common/string_heap.h"

namespace kiln {

class ValueLists {
   public:
   struct List {
      std::vector<char> bytes;  // the values, each `width` bytes as stored (strings: 16 bytes)
      uint32_t width = 0;
      bool sorted = false;
   };

   /// Appends the `width` bytes at `value` to the list in `*list` (made on its first value);
   /// with `copyBytes`, a long string's or NUMERIC's bytes are copied, so that the list does not
   /// depend on where they were.
   void append(List** list, const void* value, uint32_t width, bool copyBytes);

   /// a < b for values of `type` as stored, in PostgreSQL's order (NaN the greatest).
   static bool less(PhysicalType type, const char* a, const char* b);

   /// Sorts `list` once: by `type`'s order, descending if asked (NaN the greatest, as in PostgreSQL).
   static void sort(List& list, PhysicalType type, bool descending);

   private:
   std::deque<List> lists_;
   StringHeap strings_;
};

}  // namespace kiln
