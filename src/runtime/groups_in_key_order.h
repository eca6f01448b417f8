// A hash aggregation whose one integer group key arrives in ascending order (a table loaded in key
// order and grouped by that key, as TPC-H's lineitem by l_orderkey) needs no hash lookups to find
// its groups: a key above the last starts a group appended to the table's entries without linking
// it into the directory, and the last key is the last group. The first key out of order links the
// groups so far into the directory (ChainedHashTable::finishBuild), and from then on the
// aggregation finds its groups by hash. Nothing is assumed: the order is checked row by row.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kiln {

struct GroupsInKeyOrder {
   static constexpr size_t inOrderOffset = 16;  // read by generated code (checked in helpers.cpp)

   char* lastEntry = nullptr;  // the group of lastKey; null before the first row
   int64_t lastKey = 0;
   uint8_t inOrder = 1;
};

}  // namespace kiln
