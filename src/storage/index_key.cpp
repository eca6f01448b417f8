#include "storage/index_key.h"

#include "storage/ordered_key.h"
#include "storage/table.h"

namespace kiln {

namespace {

template <typename Target>
void encodeRow(const Table& table, const std::vector<size_t>& columns, size_t row, Target& key) {
   OrderedKey encoder(key);
   for (size_t c : columns) {
      const Column& column = table.column(c);
      if (column.isNullAt(row)) encoder.appendNull();
      else encoder.append(column.physicalType(), column.rawAt(row));
   }
}

}  // namespace

void orderedKeyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row, std::string& key) {
   key.clear();
   encodeRow(table, columns, row, key);
}

bool orderedKeyFitsInline(const Table& table, const std::vector<size_t>& columns) {
   size_t bytes = 0;
   for (size_t c : columns) {
      size_t valueBytes = orderedKeyBytes(table.column(c).physicalType());
      if (valueBytes == 0) return false;
      bytes += valueBytes;
   }
   return bytes <= InlineKeyBytes::capacity;
}

NodeKey nodeKeyOfRow(const Table& table, const std::vector<size_t>& columns, size_t row, bool fitsInline, std::string& scratch) {
   if (!fitsInline) {
      orderedKeyOfRow(table, columns, row, scratch);
      return NodeKey(scratch);
   }
   InlineKeyBytes key;
   encodeRow(table, columns, row, key);
   return NodeKey(key);
}

}  // namespace kiln
