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
   auto append = [&](std::string& key, size_t field) { OrderedKey(key).append(types_[field], keyRow + layout_.fields[field].offset); };
   rows_.clear();
   auto collect = [&](size_t row) {
      rows_.push_back(int64_t(row));
      return shape_.limit == 0 || rows_.size() < shape_.limit;
   };
   low_.clear();
   size_t field = 0;
   for (; field < shape_.prefixColumns; ++field) append(low_, field);
   if (hash_) {
      hash_->findEqual(low_, collect);
      *count = rows_.size();
      return rows_.data();
   }
   // The keys that extend the prefix, with the next value between the bounds. Every encoded
   // value starts with 0x00 (NULL) or 0x01, so prefix + 0x02 is above all keys that extend the
   // prefix, and with a bound on the next value (or nextNotNull) its NULLs are left out.
   high_ = low_;
   if (shape_.low != KeyBound::None) {
      append(low_, field++);
      if (shape_.low == KeyBound::Exclusive) low_ += '\x02';  // past every key that extends the bound
   } else if (shape_.high != KeyBound::None || shape_.nextNotNull) {
      low_ += '\x01';  // past the NULLs
   }
   if (shape_.high != KeyBound::None) {
      append(high_, field);
      if (shape_.high == KeyBound::Inclusive) high_ += '\x02';
   } else {
      high_ += '\x02';
   }
   if (shape_.descending) tree_->scanBackward(low_, high_, collect);
   else tree_->scan(&low_, true, &high_, false, collect);
   *count = rows_.size();
   return rows_.data();
}

}  // namespace kiln
