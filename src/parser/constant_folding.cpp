#include "parser/constant_folding.h"

#include <cmath>

#include "common/date.h"
#include "common/decimal.h"
#include "common/utf8.h"

namespace kiln::folding {

std::optional<Value> convert(const Value& value, SqlType target, bool explicitCast) {
   if (value.isNull) return Value::null(target);
   SqlType from = value.type;
   if (from == target) return value;
   if (from.id == TypeId::Unknown || (from.isString() && !target.isString())) {
      if (target.isString() && explicitCast && target.length && value.string.size() > target.length)
         return Value::ofString(target, std::string(text::fitString(value.string.substr(0, byteOffset(value.string, target.length)), target)));
      return parseValue(value.string, target);
   }
   if (target.isString()) {
      std::string s = from.id == TypeId::Boolean ? (value.boolean ? "true" : "false") : formatValue(value);
      if (explicitCast && target.length && s.size() > target.length) s.resize(byteOffset(s, target.length));
      return Value::ofString(target, std::string(text::fitString(s, target)));
   }
   if (from.isNumeric() && (target.id == TypeId::Decimal || target.isFloat())) return parseValue(formatValue(value), target);
   if (from.isNumeric() && target.isInteger()) {
      __int128 whole;
      if (from.isFloat()) {
         double rounded = std::nearbyint(value.floating);
         if (!(std::fabs(rounded) < 9.3e18)) throw Error("22003", target.toString() + " out of range");
         whole = __int128(rounded);
      } else if (from.id == TypeId::Decimal) {
         whole = decimal::divideRounded(value.decimal, decimal::pow10(from.scale));
      } else {
         whole = value.integer;
      }
      return parseValue(decimal::formatInt128(whole), target);
   }
   if (from.id == TypeId::Boolean && target.id == TypeId::Integer) return Value::ofInteger(target, value.boolean ? 1 : 0);
   if (from.id == TypeId::Integer && target.id == TypeId::Boolean) return Value::ofBool(value.integer != 0);
   return std::nullopt;
}

std::optional<Value> dateArithmetic(ArithOp op, const Value& left, const Value& right) {
   if (left.isNull || right.isNull || left.type.id != TypeId::Date) return std::nullopt;
   int64_t sign = op == ArithOp::Sub ? -1 : 1;
   if (right.type.isInteger()) return Value::ofInteger(SqlType::date(), left.integer + sign * right.integer);
   if (right.type.id == TypeId::Interval && right.interval.micros == 0) {
      int32_t days = date::addMonths(int32_t(left.integer), int32_t(sign * right.interval.months));
      return Value::ofInteger(SqlType::date(), days + sign * right.interval.days);
   }
   return std::nullopt;
}

}  // namespace kiln::folding
