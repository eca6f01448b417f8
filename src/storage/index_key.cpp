#include "storage/index_key.h"

#include "storage/ordered_key.h"
#include "storage/table.h"

namespace kiln {

void orderedKeyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row, std::string& key) {
   key.clear();
   OrderedKey encoder(key);
   for (size_t c : columns) {
      const Column& column = table.column(c);
      if (column.isNullAt(row))
         encoder.appendNull();
      else
         encoder.append(column.physicalType(), column.rawAt(row));
   }
}

}  // namespace kiln
