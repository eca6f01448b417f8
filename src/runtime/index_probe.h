// An index lookup of a compiled query over an ordered (or, for a whole key, hash) index: the rows
// whose first index columns equal given values and whose next column lies between optional
// bounds. The generated code writes the values into a key row laid out by keyLayout.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/row_layout.h"
#include "storage/index_key.h"

namespace kiln {

class Table;
class UniqueIndex;
class SecondaryIndex;
class BTree;

class IndexProbe {
   public:
   struct Shape {
      size_t prefixColumns;
      KeyBound low, high;       // on index column prefixColumns
      bool nextNotNull = false;  // skip keys where that column is NULL
      bool descending = false;   // rows in descending key order
      uint64_t limit = 0;        // at most this many rows (0: all)
   };
   /// The key row: the prefix values, then the low bound and the high bound (those present).
   static RowLayout keyLayout(const Table& table, const std::vector<size_t>& indexColumns, const Shape& shape);

   IndexProbe(const Table& table, const UniqueIndex* unique, const SecondaryIndex* secondary, Shape shape);
   /// The rows found (valid until the next call) and their number.
   const int64_t* find(const char* keyRow, uint64_t* count);

   private:
   const BTree* tree_;
   const SecondaryIndex* hash_;  // set when the index is a hash index (the whole key is given)
   Shape shape_;
   std::vector<PhysicalType> types_;  // of the key row's fields
   RowLayout layout_;
   std::vector<int64_t> rows_;
   std::string low_, high_;  // the keys walked are low_ <= key < high_ (memory kept for the next find)
};

}  // namespace kiln
