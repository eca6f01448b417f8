#include "kiln/kiln.h"

namespace kiln {

std::string SqlType::fractionalModifier() const { return precision ? "(" + std::to_string(precision - 1) + ")" : ""; }

std::string SqlType::toString() const {
   switch (id) {
      case TypeId::Unknown: return "unknown";
      case TypeId::Boolean: return "boolean";
      case TypeId::SmallInt: return "smallint";
      case TypeId::Integer: return "integer";
      case TypeId::BigInt: return "bigint";
      case TypeId::Decimal: return "numeric(" + std::to_string(precision) + "," + std::to_string(scale) + ")";
      case TypeId::Real: return "real";
      case TypeId::Double: return "double precision";
      case TypeId::Date: return "date";
      case TypeId::Interval: return "interval";
      case TypeId::Timestamp: return "timestamp" + fractionalModifier() + " without time zone";
      case TypeId::TimestampTz: return "timestamp" + fractionalModifier() + " with time zone";
      case TypeId::Time: return "time" + fractionalModifier() + " without time zone";
      case TypeId::Char: return length ? "character(" + std::to_string(length) + ")" : "bpchar";
      case TypeId::Varchar: return length ? "character varying(" + std::to_string(length) + ")" : "character varying";
      case TypeId::Text: return "text";
      case TypeId::Array: return elementType().toString() + "[]";
      case TypeId::Numeric: return "numeric";
   }
   return "unknown";
}

}  // namespace kiln
