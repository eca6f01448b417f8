#include "storage/column.h"

#include <algorithm>
#include <cstring>

#include "common/array_text.h"
#include "common/german_string.h"
#include "common/page_array.h"
#include "common/physical_value.h"
#include "common/unaligned.h"

namespace kiln {

Column::Column(std::string name, SqlType type, bool notNull)
   : name_(std::move(name)), type_(type), notNull_(notNull), physical_(physicalTypeOf(type)), width_(physicalSize(physical_)) {}

Column::~Column() {
   freePages(data_, capacity_ * width_);
   if (nulls_) freePages(nulls_, capacity_);
}

std::vector<uint8_t> Column::dropNullFlags() {
   std::vector<uint8_t> flags;
   if (nulls_) {
      flags.assign(nulls_, nulls_ + size_);
      freePages(nulls_, capacity_);
      nulls_ = nullptr;
   }
   notNull_ = true;
   return flags;
}

void Column::allowNulls(const std::vector<uint8_t>& flags) {
   if (!notNull_) return;
   if (capacity_) nulls_ = static_cast<uint8_t*>(growPages(nullptr, 0, capacity_));  // zeros: no row is NULL
   if (nulls_) std::memcpy(nulls_, flags.data(), std::min(flags.size(), size_));
   notNull_ = false;
}

void Column::reserve(size_t rows) {
   if (rows <= capacity_) return;
   // Geometric growth: single-row inserts must not grow the column each time.
   rows = std::max(rows, capacity_ + capacity_ / 2);
   data_ = static_cast<uint8_t*>(growPages(data_, capacity_ * width_, rows * width_));
   if (!notNull_) nulls_ = static_cast<uint8_t*>(growPages(nulls_, capacity_, rows));
   capacity_ = rows;
}

void Column::storeString(uint8_t* target, std::string_view text) {
   std::string_view stored = text.size() > GermanString::maxInline ? strings_.store(text) : text;
   GermanString s = GermanString::make(stored);
   std::memcpy(target, &s, sizeof(s));
}

void Column::notNullViolation() const {
   throw Error("23502", "null value in column \"" + name_ + "\" of relation \"" + tableName_ + "\" violates not-null constraint");
}

void Column::appendNull() {
   if (notNull_) notNullViolation();
   uint8_t* target = slot();
   std::memset(target, 0, width_);
   nulls_[size_ - 1] = 1;
}

void Column::append(const Value& value) {
   if (value.isNull) return appendNull();
   uint8_t* target = slot();
   switch (physical_) {
      case PhysicalType::Bool: *target = value.boolean; break;
      case PhysicalType::Int16: {
         int16_t v = int16_t(value.integer);
         std::memcpy(target, &v, 2);
         break;
      }
      case PhysicalType::Int32: {
         int32_t v = int32_t(value.integer);
         std::memcpy(target, &v, 4);
         break;
      }
      case PhysicalType::Int64: {
         int64_t v = type_.id == TypeId::Decimal ? int64_t(value.decimal) : value.integer;
         std::memcpy(target, &v, 8);
         break;
      }
      case PhysicalType::Int128: std::memcpy(target, &value.decimal, 16); break;
      case PhysicalType::Float: {
         float v = float(value.floating);
         std::memcpy(target, &v, 4);
         break;
      }
      case PhysicalType::Double: std::memcpy(target, &value.floating, 8); break;
      case PhysicalType::Interval: std::memcpy(target, &value.interval, 16); break;
      case PhysicalType::String:
      case PhysicalType::Numeric: storeString(target, value.string); break;
   }
}

void Column::appendRaw(const void* bytes, bool isNull) {
   if (isNull) return appendNull();
   uint8_t* target = slot();
   if (heldAsBytes(physical_)) {
      GermanString s;
      std::memcpy(&s, bytes, sizeof(s));
      storeString(target, s.view());
   } else {
      copyValue(target, bytes, width_);
   }
}

template <size_t width>
void Column::appendFixedFromRows(std::span<char* const> rows, size_t offset, int nullOffset) {
   uint8_t* target = data_ + size_ * width;
   for (const char* row : rows) {
      bool isNull = nullOffset >= 0 && row[nullOffset];
      if (isNull) std::memset(target, 0, width);
      else std::memcpy(target, row + offset, width);
      if (nulls_) nulls_[size_] = isNull;
      ++size_;
      target += width;
   }
}

void Column::appendFromRows(std::span<char* const> rows, size_t offset, int nullOffset) {
   reserve(size_ + rows.size());
   if (heldAsBytes(physical_)) {
      for (const char* row : rows) appendRaw(row + offset, nullOffset >= 0 && row[nullOffset]);
      return;
   }
   switch (width_) {
      case 1: return appendFixedFromRows<1>(rows, offset, nullOffset);
      case 2: return appendFixedFromRows<2>(rows, offset, nullOffset);
      case 4: return appendFixedFromRows<4>(rows, offset, nullOffset);
      case 8: return appendFixedFromRows<8>(rows, offset, nullOffset);
      case 16: return appendFixedFromRows<16>(rows, offset, nullOffset);
      default:
         for (const char* row : rows) appendRaw(row + offset, nullOffset >= 0 && row[nullOffset]);
   }
}

void Column::setRaw(size_t row, const void* bytes, bool isNull) {
   if (isNull && notNull_) notNullViolation();
   uint8_t* target = data_ + row * width_;
   if (nulls_) nulls_[row] = isNull;
   if (isNull) {
      std::memset(target, 0, width_);
   } else if (heldAsBytes(physical_)) {
      GermanString s;
      std::memcpy(&s, bytes, sizeof(s));
      storeString(target, s.view());
   } else {
      copyValue(target, bytes, width_);
      if (ZoneMap::kept(physical_)) zones_.widen(row, ZoneMap::valueAt(physical_, bytes));
   }
}

void Column::appendText(std::string_view text) {
   // Parse first, then take the slot: a parse error must not leave a half-appended row.
   switch (physical_) {
      case PhysicalType::String: {
         if (type_.isArray()) {
            storeString(slot(), array_text::canonical(text, type_));
            return;
         }
         std::string_view fitted = text::fitString(text, type_);
         storeString(slot(), fitted);
         return;
      }
      case PhysicalType::Int16: {
         int16_t v = int16_t(text::parseInteger(text, type_));
         std::memcpy(slot(), &v, 2);
         return;
      }
      case PhysicalType::Int32: {
         int32_t v = type_.id == TypeId::Date ? text::parseDate(text) : int32_t(text::parseInteger(text, type_));
         std::memcpy(slot(), &v, 4);
         return;
      }
      case PhysicalType::Int64: {
         int64_t v = type_.id == TypeId::Decimal ? int64_t(text::parseDecimal(text, type_))
                     : type_.isInteger()         ? text::parseInteger(text, type_)
                                                 : text::parseMoment(text, type_);
         std::memcpy(slot(), &v, 8);
         return;
      }
      case PhysicalType::Int128: {
         __int128 v = text::parseDecimal(text, type_);
         std::memcpy(slot(), &v, 16);
         return;
      }
      case PhysicalType::Double: {
         double v = text::parseDouble(text, type_);
         std::memcpy(slot(), &v, 8);
         return;
      }
      default: append(parseValue(text, type_));
   }
}

void Column::appendColumn(Column&& other) {
   reserve(size_ + other.size_);
   if (other.size_) std::memcpy(data_ + size_ * width_, other.data_, other.size_ * width_);
   if (nulls_ && other.size_) std::memcpy(nulls_ + size_, other.nulls_, other.size_);
   size_ += other.size_;
   strings_.adopt(std::move(other.strings_));
   other.size_ = 0;
}

void Column::truncate(size_t rows) {
   if (rows < size_) size_ = rows;
   zones_.truncate(size_);
}

Value Column::get(size_t row) const {
   if (nulls_ && nulls_[row]) return Value::null(type_);
   return valueFromBytes(data_ + row * width_, type_, physical_);
}

}  // namespace kiln
