#include "type.h"

namespace kiln::fuzz {

Type Type::arrayOf(const Type& element) {
   Type t = element;
   t.kind = Kind::Array;
   t.element = element.kind;
   return t;
}

Type Type::elementType() const {
   Type t = *this;
   t.kind = element;
   t.element = Kind::Int4;
   return t;
}

std::string Type::sql() const {
   switch (kind) {
      case Kind::Bool: return "boolean";
      case Kind::Int2: return "smallint";
      case Kind::Int4: return "integer";
      case Kind::Int8: return "bigint";
      case Kind::Numeric: return precision ? "numeric(" + std::to_string(precision) + "," + std::to_string(scale) + ")" : "numeric";
      case Kind::Float4: return "real";
      case Kind::Float8: return "double precision";
      case Kind::Text: return "text";
      case Kind::Varchar: return "varchar(" + std::to_string(length) + ")";
      case Kind::Char: return "char(" + std::to_string(length) + ")";
      case Kind::Date: return "date";
      case Kind::Timestamp: return "timestamp";
      case Kind::TimestampTz: return "timestamptz";
      case Kind::Time: return "time";
      case Kind::Interval: return "interval";
      case Kind::Array: return elementType().sql() + "[]";
   }
   return "?";
}

const std::vector<ColumnKind>& columnKinds() {
   static const std::vector<ColumnKind> all = {
      {"b", Type::of(Kind::Bool)},
      {"i2", Type::of(Kind::Int2)},
      {"i4", Type::of(Kind::Int4)},
      {"i8", Type::of(Kind::Int8)},
      {"n2", Type::numeric(10, 2)},
      {"n4", Type::numeric(18, 4)},
      {"n8", Type::numeric(30, 8)},
      {"n0", Type::numeric(5, 0)},
      {"f4", Type::of(Kind::Float4)},
      {"f8", Type::of(Kind::Float8)},
      {"t", Type::of(Kind::Text)},
      {"v", Type::varchar(8)},
      {"c", Type::character(4)},
      {"d", Type::of(Kind::Date)},
      {"ts", Type::of(Kind::Timestamp)},
      {"tz", Type::of(Kind::TimestampTz)},
      {"tm", Type::of(Kind::Time)},
      {"iv", Type::of(Kind::Interval)},
      {"ai", Type::arrayOf(Type::of(Kind::Int4))},
      {"at", Type::arrayOf(Type::of(Kind::Text))},
   };
   return all;
}

std::vector<Type> columnTypes() {
   std::vector<Type> out;
   for (const ColumnKind& c : columnKinds()) out.push_back(c.type);
   return out;
}

}  // namespace kiln::fuzz
