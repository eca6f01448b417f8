// How a SQL type is laid out in memory: the same for columns, generated code and results.
#pragma once

#include <cstddef>

#include "kiln/kiln.h"

namespace kiln {

/// Numeric: NUMERIC without a precision, 16 bytes as a string's (common/packed_numeric.h).
enum class PhysicalType : uint8_t { Bool, Int16, Int32, Int64, Int128, Float, Double, Interval, String, Numeric };

inline PhysicalType physicalTypeOf(SqlType type) {
   switch (type.id) {
      case TypeId::Boolean: return PhysicalType::Bool;
      case TypeId::SmallInt: return PhysicalType::Int16;
      case TypeId::Integer:
      case TypeId::Date: return PhysicalType::Int32;
      case TypeId::BigInt:
      case TypeId::Timestamp:
      case TypeId::TimestampTz:
      case TypeId::Time: return PhysicalType::Int64;
      case TypeId::Decimal: return type.isWideDecimal() ? PhysicalType::Int128 : PhysicalType::Int64;
      case TypeId::Numeric: return PhysicalType::Numeric;
      case TypeId::Real: return PhysicalType::Float;
      case TypeId::Double: return PhysicalType::Double;
      case TypeId::Interval: return PhysicalType::Interval;
      case TypeId::Unknown:
      case TypeId::Char:
      case TypeId::Varchar:
      case TypeId::Text:
      case TypeId::Array: return PhysicalType::String;  // its canonical text (common/array_text.h)
   }
   return PhysicalType::Int64;
}

inline size_t physicalSize(PhysicalType type) {
   switch (type) {
      case PhysicalType::Bool: return 1;
      case PhysicalType::Int16: return 2;
      case PhysicalType::Int32:
      case PhysicalType::Float: return 4;
      case PhysicalType::Int64:
      case PhysicalType::Double: return 8;
      case PhysicalType::Int128:
      case PhysicalType::Interval:
      case PhysicalType::String:
      case PhysicalType::Numeric: return 16;
   }
   return 8;
}

/// Held as a GermanString whose bytes live elsewhere when long: strings, arrays and NUMERIC.
inline bool heldAsBytes(PhysicalType type) { return type == PhysicalType::String || type == PhysicalType::Numeric; }

inline size_t physicalSize(SqlType type) { return physicalSize(physicalTypeOf(type)); }

}  // namespace kiln
