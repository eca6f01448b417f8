#include "engine/result_data.h"

#include <cstring>

#include "common/german_string.h"

namespace kiln {

void ResultData::takeRows(RowBuffer& buffer, const RowLayout& rowLayout) {
   layout = rowLayout;
   size_t count = buffer.size();
   if (count == 0) return;
   rowsStorage.push_back(std::make_unique_for_overwrite<char[]>(count * layout.size));
   char* target = rowsStorage.back().get();
   rows.reserve(count);
   char** source = buffer.rows();
   for (size_t r = 0; r < count; ++r, target += layout.size) {
      std::memcpy(target, source[r], layout.size);
      for (auto& field : layout.fields) {
         if (physicalTypeOf(field.type) != PhysicalType::String) continue;
         GermanString s;
         std::memcpy(&s, target + field.offset, sizeof(s));
         if (s.isInline()) continue;
         s = GermanString::make(strings.store(s.view()));
         std::memcpy(target + field.offset, &s, sizeof(s));
      }
      rows.push_back(target);
   }
}

void ResultData::setTextRows(const std::string& column, const std::vector<std::string>& lines) {
   hasRows = true;
   names = {column};
   types = {SqlType::text()};
   layout = RowLayout::make({{SqlType::text(), false}});
   rowsStorage.push_back(std::make_unique<char[]>(lines.size() * layout.size + 1));
   char* target = rowsStorage.back().get();
   for (auto& line : lines) {
      GermanString s = GermanString::make(strings.store(line));
      std::memcpy(target, &s, sizeof(s));
      rows.push_back(target);
      target += layout.size;
   }
}

bool ResultData::isNull(size_t row, size_t column) const {
   const auto& field = layout.fields.at(column);
   return field.nullOffset >= 0 && rows.at(row)[field.nullOffset] != 0;
}

Value ResultData::value(size_t row, size_t column) const {
   const auto& field = layout.fields.at(column);
   SqlType type = types.at(column);
   if (isNull(row, column)) return Value::null(type);
   const char* source = rows.at(row) + field.offset;
   switch (physicalTypeOf(field.type)) {
      case PhysicalType::Bool: return Value::ofBool(*source != 0);
      case PhysicalType::Int16: {
         int16_t v;
         std::memcpy(&v, source, 2);
         return Value::ofInteger(type, v);
      }
      case PhysicalType::Int32: {
         int32_t v;
         std::memcpy(&v, source, 4);
         return Value::ofInteger(type, v);
      }
      case PhysicalType::Int64: {
         int64_t v;
         std::memcpy(&v, source, 8);
         return type.id == TypeId::Decimal ? Value::ofDecimal(type, v) : Value::ofInteger(type, v);
      }
      case PhysicalType::Int128: {
         __int128 v;
         std::memcpy(&v, source, 16);
         return Value::ofDecimal(type, v);
      }
      case PhysicalType::Float: {
         float v;
         std::memcpy(&v, source, 4);
         return Value::ofDouble(type, v);
      }
      case PhysicalType::Double: {
         double v;
         std::memcpy(&v, source, 8);
         return Value::ofDouble(type, v);
      }
      case PhysicalType::Interval: {
         Interval v;
         std::memcpy(&v, source, 16);
         return Value::ofInterval(v);
      }
      case PhysicalType::String: {
         GermanString s;
         std::memcpy(&s, source, 16);
         return Value::ofString(type, std::string(s.view()));
      }
   }
   return Value::null(type);
}

}  // namespace kiln
