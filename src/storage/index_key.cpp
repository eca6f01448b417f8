#include "storage/index_key.h"

#include "storage/ordered_key.h"
#include "storage/table.h"

namespace kiln {

std::string orderedKeyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row) {
   OrderedKey key;
   for (size_t c : columns) {
      const Column& column = table.column(c);
      if (column.isNullAt(row))
         key.appendNull();
      else
         key.append(column.physicalType(), column.rawAt(row));
   }
   return key.bytes();
}

KeyRange keyRange(const std::string& prefix, const std::string& lowValue, KeyBound low, const std::string& highValue, KeyBound high,
                  bool nextNotNull) {
   KeyRange range{prefix, prefix};
   if (low != KeyBound::None) {
      range.low += lowValue;
      if (low == KeyBound::Exclusive) range.low += '\x02';  // past every key that extends lowValue
   } else if (high != KeyBound::None || nextNotNull) {
      range.low += '\x01';  // past the NULLs
   }
   if (high != KeyBound::None) {
      range.high += highValue;
      if (high == KeyBound::Inclusive) range.high += '\x02';
   } else {
      range.high += '\x02';
   }
   return range;
}

}  // namespace kiln
