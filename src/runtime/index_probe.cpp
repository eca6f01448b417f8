#include "runtime/index_probe.h"

#include "storage/ordered_key.h"
#include "storage/secondary_index.h"
#include "storage/table.h"
#include "storage/unique_index.h"

namespace kiln {

namespace {

std::vector<size_t> keyRowColumns(const std::vector<size_t>& indexColumns, const IndexProbe::Shape& shape) {
   std::vector<size_t> columns(indexColumns.begin(), indexColumns.begin() + long(shape.prefixColumns));
   if (shape.low != KeyBound::None) columns.push_back(indexColumns[shape.prefixColumns]);
   if (shape.high != KeyBound::None) columns.push_back(indexColumns[shape.prefixColumns]);
   return columns;
}

}  // namespace

RowLayout IndexProbe::keyLayout(const Table& table, const std::vector<size_t>& indexColumns, const Shape& shape) {
   std::vector<std::pair<SqlType, bool>> fields;
   for (size_t c : keyRowColumns(indexColumns, shape)) fields.push_back({table.column(c).type(), false});
   return RowLayout::make(fields);
}

IndexProbe::IndexProbe(const Table& table, const UniqueIndex* unique, const SecondaryIndex* secondary, Shape shape)
   : tree_(unique ? &unique->tree() : secondary->tree()),
     hash_(tree_ ? nullptr : secondary),
     shape_(shape),
     layout_(keyLayout(table, unique ? unique->columns() : secondary->columns(), shape)) {
   for (size_t c : keyRowColumns(unique ? unique->columns() : secondary->columns(), shape)) types_.push_back(table.column(c).physicalType());
}

const int64_t* IndexProbe::find(const char* keyRow, uint64_t* count) {
   auto encode = [&](size_t from, size_t to) {
      OrderedKey key;
      for (size_t i = from; i < to; ++i) key.append(types_[i], keyRow + layout_.fields[i].offset);
      return key.bytes();
   };
   rows_.clear();
   auto collect = [&](size_t row) {
      rows_.push_back(int64_t(row));
      return shape_.limit == 0 || rows_.size() < shape_.limit;
   };
   size_t field = shape_.prefixColumns;
   std::string prefix = encode(0, field);
   if (hash_) {
      hash_->findEqual(prefix, collect);
   } else {
      std::string low = shape_.low != KeyBound::None ? encode(field, field + 1) : std::string();
      if (shape_.low != KeyBound::None) ++field;
      std::string high = shape_.high != KeyBound::None ? encode(field, field + 1) : std::string();
      KeyRange range = keyRange(prefix, low, shape_.low, high, shape_.high, shape_.nextNotNull);
      if (shape_.descending)
         tree_->scanBackward(range.low, range.high, collect);
      else
         tree_->scan(&range.low, true, &range.high, false, collect);
   }
   *count = rows_.size();
   return rows_.data();
}

}  // namespace kiln
