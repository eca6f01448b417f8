#include "common/physical_value.h"

#include "common/german_string.h"
#include "common/unaligned.h"

namespace kiln {

Value valueFromBytes(const void* source, SqlType type, PhysicalType physical) {
   switch (physical) {
      case PhysicalType::Bool: return Value::ofBool(*static_cast<const char*>(source) != 0);
      case PhysicalType::Int16: return Value::ofInteger(type, loadUnaligned<int16_t>(source));
      case PhysicalType::Int32: return Value::ofInteger(type, loadUnaligned<int32_t>(source));
      case PhysicalType::Int64: {
         int64_t v = loadUnaligned<int64_t>(source);
         return type.id == TypeId::Decimal ? Value::ofDecimal(type, v) : Value::ofInteger(type, v);
      }
      case PhysicalType::Int128: return Value::ofDecimal(type, loadUnaligned<__int128>(source));
      case PhysicalType::Float: return Value::ofDouble(type, loadUnaligned<float>(source));
      case PhysicalType::Double: return Value::ofDouble(type, loadUnaligned<double>(source));
      case PhysicalType::Interval: return Value::ofInterval(loadUnaligned<Interval>(source));
      case PhysicalType::String:
      case PhysicalType::Numeric: return Value::ofString(type, std::string(loadUnaligned<GermanString>(source).view()));
   }
   return Value::null(type);
}

}  // namespace kiln
