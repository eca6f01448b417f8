#include "parser/range_distance.h"

#include <cmath>

#include "parser/constant_folding.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

/// A type's name without modifiers, as PostgreSQL's messages print it.
std::string plainName(SqlType type) {
   switch (type.id) {
      case TypeId::Decimal: return "numeric";
      case TypeId::Char: return "character";
      case TypeId::Varchar: return "character varying";
      default: return type.toString();
   }
}

bool negative(const Value& v) {
   if (v.type.isInteger()) return v.integer < 0;
   if (v.type.id == TypeId::Decimal) return v.decimal < 0;
   if (v.type.id == TypeId::Numeric) return v.numeric().isNegative() || v.numeric().isNaN();  // NaN: no size either
   if (v.type.isFloat()) return std::isnan(v.floating) || v.floating < 0;
   // An interval's sign is that of its length with months of 30 days, as PostgreSQL compares them.
   const Interval& i = v.interval;
   return (__int128(i.months) * 30 + i.days) * 86'400'000'000 + i.micros < 0;
}

/// A NUMERIC offset as the DECIMAL that holds it exactly (NaN and infinities are no distances).
SqlType exactDecimalOf(const Numeric& n, int position) {
   if (!n.isFinite()) throw Error("22013", "invalid preceding or following size in window function", position);
   auto type = types::exactDecimal(n);
   if (!type) throw Error("0A000", "a RANGE offset of more than 38 digits is not supported yet", position);
   return *type;
}

}  // namespace

Value bindRangeDistance(const Value& offset, SqlType key, int position) {
   auto unsupported = [&] {
      return Error("0A000",
                   "RANGE with offset PRECEDING/FOLLOWING is not supported for column type " + plainName(key) + " and offset type " + plainName(offset.type),
                   position);
   };
   bool unknown = offset.type.id == TypeId::Unknown;
   Value distance;
   if (key.isInteger()) {
      // An untyped literal reads as the key's type, then widens like any integer offset.
      if (!unknown && !offset.type.isInteger()) throw unsupported();
      distance = *folding::convert(unknown ? *folding::convert(offset, key, false) : offset, SqlType::bigInt(), false);
   } else if (key.id == TypeId::Decimal) {
      if (unknown) distance = *folding::convert(offset, SqlType::decimal(38, 18), false);
      else if (offset.type.id == TypeId::Numeric) distance = *folding::convert(offset, exactDecimalOf(offset.numeric(), position), false);
      else if (offset.type.isExactNumeric()) distance = offset;
      else throw unsupported();
   } else if (key.id == TypeId::Numeric) {
      if (!unknown && !offset.type.isExactNumeric()) throw unsupported();
      distance = *folding::convert(offset, key, false);
   } else if (key.isFloat()) {
      if (!unknown && !offset.type.isNumeric()) throw unsupported();
      distance = *folding::convert(offset, SqlType::double_(), false);
   } else if (key.id == TypeId::Date || key.id == TypeId::Timestamp || key.id == TypeId::TimestampTz || key.id == TypeId::Time || key.id == TypeId::Interval) {
      if (!unknown && offset.type.id != TypeId::Interval) throw unsupported();
      distance = *folding::convert(offset, SqlType::interval(), false);
      // A time moves by the interval's time part alone (as time + interval), so only its sign counts.
      if (key.id == TypeId::Time && distance.interval.micros < 0) throw Error("22013", "invalid preceding or following size in window function");
      if (key.id == TypeId::Time) return distance;
   } else {
      throw Error("0A000", "RANGE with offset PRECEDING/FOLLOWING is not supported for column type " + plainName(key), position);
   }
   if (negative(distance)) throw Error("22013", "invalid preceding or following size in window function");
   return distance;
}

}  // namespace kiln
