#include "parser/constant_folding.h"

#include <cmath>

#include "common/decimal.h"
#include "common/timestamp.h"
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
   if (from.id == TypeId::Date && target.id == TypeId::Timestamp) return Value::ofInteger(target, timestamp::fromDate(int32_t(value.integer)));
   if (from.id == TypeId::Timestamp && target.id == TypeId::Date) return Value::ofInteger(target, timestamp::toDate(value.integer));
   if (from.id == TypeId::Boolean && target.id == TypeId::Integer) return Value::ofInteger(target, value.boolean ? 1 : 0);
   if (from.id == TypeId::Integer && target.id == TypeId::Boolean) return Value::ofBool(value.integer != 0);
   return std::nullopt;
}

std::optional<Value> dateTimeArithmetic(ArithOp op, const Value& left, const Value& right) {
   if (left.isNull || right.isNull || (op != ArithOp::Add && op != ArithOp::Sub)) return std::nullopt;
   int32_t sign = op == ArithOp::Sub ? -1 : 1;
   TypeId l = left.type.id, r = right.type.id;
   if (l == TypeId::Date && right.type.isInteger()) return Value::ofInteger(SqlType::date(), left.integer + sign * right.integer);
   if (l == TypeId::Timestamp && r == TypeId::Interval)
      return Value::ofInteger(SqlType::timestamp(), timestamp::addInterval(left.integer, right.interval, sign));
   if (l == TypeId::Interval && r == TypeId::Timestamp && op == ArithOp::Add)
      return Value::ofInteger(SqlType::timestamp(), timestamp::addInterval(right.integer, left.interval, 1));
   if (l == TypeId::Timestamp && r == TypeId::Timestamp && op == ArithOp::Sub) return Value::ofInterval(timestamp::difference(left.integer, right.integer));
   return std::nullopt;
}

std::optional<Value> dateBound(CompareOp op, int64_t micros) {
   int32_t floor = timestamp::toDate(micros);
   bool midnight = timestamp::timeOfDay(micros) == 0;
   int32_t ceiling = midnight ? floor : floor + 1;
   switch (op) {
      case CompareOp::Lt:
      case CompareOp::Ge: return Value::ofInteger(SqlType::date(), ceiling);
      case CompareOp::Le:
      case CompareOp::Gt: return Value::ofInteger(SqlType::date(), floor);
      case CompareOp::Eq:
      case CompareOp::Ne: return midnight ? std::optional(Value::ofInteger(SqlType::date(), floor)) : std::nullopt;
      default: return std::nullopt;
   }
}

}  // namespace kiln::folding
