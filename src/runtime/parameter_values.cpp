#include "runtime/parameter_values.h"

#include <cstring>

#include "common/german_string.h"

namespace kiln {

RowLayout ParameterValues::layoutFor(const std::vector<SqlType>& types) {
   std::vector<std::pair<SqlType, bool>> fields;
   for (SqlType type : types) fields.push_back({type.id == TypeId::Unknown ? SqlType::text() : type, true});
   return RowLayout::make(fields);
}

void ParameterValues::setTypes(const std::vector<SqlType>& types) {
   if (types == types_) return;
   std::vector<Value> old;
   for (size_t i = 0; i < types_.size(); ++i) old.push_back(get(i));
   types_ = types;
   layout_ = layoutFor(types);
   integerSlots_.clear();
   for (const auto& field : layout_.fields)
      integerSlots_.push_back({uint32_t(field.offset), uint32_t(field.nullOffset), uint8_t(field.type.isInteger() ? physicalSize(field.type) : 0)});
   bytes_.assign(layout_.size, 0);
   strings_.assign(types.size(), std::string());
   for (size_t i = 0; i < types.size(); ++i) setNull(i);
   for (size_t i = 0; i < types.size() && i < old.size(); ++i) {
      SqlType type = layout_.fields[i].type;
      if (!old[i].isNull) set(i, old[i].type == type ? old[i] : parseValue(formatValue(old[i]), type));
   }
}

void ParameterValues::setString(size_t index, std::string_view text) {
   // Bytes that do not fit inside the GermanString are kept here; it points at them.
   std::string_view stored = text;
   if (text.size() > GermanString::maxInline) stored = strings_[index].assign(text);
   GermanString s = GermanString::make(stored);
   std::memcpy(target(index), &s, sizeof(s));
}

void ParameterValues::set(size_t index, const Value& v) {
   if (v.isNull) return setNull(index);
   const auto& field = layout_.fields[index];
   switch (physicalTypeOf(field.type)) {
      case PhysicalType::Bool: *target(index) = v.boolean; break;
      case PhysicalType::Int16:
      case PhysicalType::Int32: setInteger(index, v.integer); break;
      case PhysicalType::Int64:
      case PhysicalType::Int128: field.type.id == TypeId::Decimal ? setDecimal(index, v.decimal) : setInteger(index, v.integer); break;
      case PhysicalType::Float: *reinterpret_cast<float*>(target(index)) = float(v.floating); break;
      case PhysicalType::Double: *reinterpret_cast<double*>(target(index)) = v.floating; break;
      case PhysicalType::Interval: std::memcpy(target(index), &v.interval, 16); break;
      case PhysicalType::String:
      case PhysicalType::Numeric: setString(index, v.string); break;
   }
}

Value ParameterValues::get(size_t index) const {
   const auto& field = layout_.fields[index];
   if (bytes_[size_t(field.nullOffset)]) return Value::null(field.type);
   const char* from = bytes_.data() + field.offset;
   auto load = [from]<typename T>(T value) {
      std::memcpy(&value, from, sizeof(T));
      return value;
   };
   switch (physicalTypeOf(field.type)) {
      case PhysicalType::Bool: return Value::ofBool(*from != 0);
      case PhysicalType::Int16: return Value::ofInteger(field.type, load(int16_t()));
      case PhysicalType::Int32: return Value::ofInteger(field.type, load(int32_t()));
      case PhysicalType::Int64:
         return field.type.id == TypeId::Decimal ? Value::ofDecimal(field.type, load(int64_t())) : Value::ofInteger(field.type, load(int64_t()));
      case PhysicalType::Int128: return Value::ofDecimal(field.type, load(__int128()));
      case PhysicalType::Float: return Value::ofDouble(field.type, load(float()));
      case PhysicalType::Double: return Value::ofDouble(field.type, load(double()));
      case PhysicalType::Interval: return Value::ofInterval(load(Interval()));
      case PhysicalType::String:
      case PhysicalType::Numeric: return Value::ofString(field.type, std::string(load(GermanString()).view()));
   }
   return Value::null(field.type);
}

}  // namespace kiln
