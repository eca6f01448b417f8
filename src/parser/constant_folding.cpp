#include "parser/constant_folding.h"

#include <cmath>

#include "common/array_text.h"
#include "common/date.h"
#include "common/decimal.h"
#include "common/time_of_day.h"
#include "common/timestamp.h"
#include "common/timestamp_tz.h"
#include "common/utf8.h"

namespace kiln::folding {

namespace {

/// Between date, timestamp, timestamptz (in the session's zone) and time, as generated code
/// converts them (SqlOps::cast).
std::optional<Value> convertMoment(const Value& value, SqlType target) {
   const TimeZone& zone = TimeZone::current();
   TypeId from = value.type.id, to = target.id;
   int64_t v = value.integer;
   if (to == TypeId::Time) {
      // The time of an infinite timestamp is NULL; a timestamptz's is that of its local time.
      if (!timestamp::isFinite(v)) return Value::null(target);
      return Value::ofInteger(target, timestamp::timeOfDay(from == TypeId::TimestampTz ? zone.toLocal(v) : v));
   }
   if (from == TypeId::TimestampTz && to == TypeId::Date) return Value::ofInteger(target, timestamptz::toDate(v, zone));
   if (from == TypeId::TimestampTz) return Value::ofInteger(target, timestamptz::toTimestamp(v, zone));
   if (to == TypeId::Date) return Value::ofInteger(target, timestamp::toDate(v));
   if (from == TypeId::Date)
      return Value::ofInteger(target, to == TypeId::TimestampTz ? timestamptz::fromDate(int32_t(v), zone) : timestamp::fromDate(int32_t(v)));
   return Value::ofInteger(target, timestamptz::fromTimestamp(v, zone));
}

std::optional<Value> convertUnrounded(const Value& value, SqlType target, bool explicitCast);

/// An exact number (integer, DECIMAL or NUMERIC) as a NUMERIC.
Numeric asNumeric(const Value& value) {
   if (value.type.id == TypeId::Numeric) return value.numeric();
   if (value.type.id == TypeId::Decimal) return Numeric::fromUnscaled(value.decimal, value.type.scale);
   return Numeric::fromInteger(value.integer);
}

/// Between NUMERIC without a precision and the other numbers, as casts convert them.
std::optional<Value> convertNumeric(const Value& value, SqlType target) {
   SqlType from = value.type;
   if (target.id == TypeId::Numeric) {
      if (from.isExactNumeric()) return Value::ofNumeric(asNumeric(value));
      if (from.isFloat()) return Value::ofNumeric(Numeric::fromDouble(value.floating, from.id == TypeId::Real));
      return std::nullopt;
   }
   Numeric n = value.numeric();
   if (target.isInteger()) return Value::ofInteger(target, n.toInteger(target));
   if (target.isFloat()) return Value::ofDouble(target, n.toDouble(target.id == TypeId::Real));
   if (target.id == TypeId::Decimal) {
      return Value::ofDecimal(target, *n.fitted(target.precision, target.scale).toUnscaled(target.scale));
   }
   return std::nullopt;
}

/// An array of another element type, element by element as values convert.
Value convertArray(const Value& value, SqlType target, bool explicitCast) {
   array_text::Elements elements = array_text::split(value.string);
   SqlType from = value.type.elementType(), to = target.elementType();
   for (auto& e : elements) {
      if (!e) continue;
      auto converted = convertUnrounded(parseValue(*e, from), to, explicitCast);
      if (!converted) throw Error("42846", "cannot cast type " + value.type.toString() + " to " + target.toString());
      e = array_text::elementOutput(*converted);
   }
   return Value::ofString(target, array_text::join(elements));
}

std::optional<Value> convertUnrounded(const Value& value, SqlType target, bool explicitCast) {
   if (value.isNull) return Value::null(target);
   SqlType from = value.type;
   if (from == target) return value;
   if (target.isArray() && (from.id == TypeId::Unknown || from.isString()))
      return Value::ofString(target, array_text::canonical(value.string, target, explicitCast));
   if (target.isArray() && from.isArray()) return convertArray(value, target, explicitCast);
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
   if ((from.id == TypeId::Numeric && target.isNumeric()) || (target.id == TypeId::Numeric && from.isNumeric())) return convertNumeric(value, target);
   if (from.isFloat() && target.isFloat()) {
      // A real's text is its shortest form, not its value: convert the value, as at run time.
      if (target.id == TypeId::Double) return Value::ofDouble(target, value.floating);
      float single = float(value.floating);
      if (std::isinf(single) && !std::isinf(value.floating)) throw Error("22003", "value out of range: overflow");
      if (single == 0 && value.floating != 0) throw Error("22003", "value out of range: underflow");
      return Value::ofDouble(target, single);
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
   if (from.id == target.id && from.id != TypeId::Decimal && from.id != TypeId::Char && from.id != TypeId::Varchar) {
      Value same = value;
      same.type = target;
      return same;
   }
   if (from.isMoment() && (target.isMoment() || (target.id == TypeId::Time && from.id != TypeId::Date))) return convertMoment(value, target);
   if (from.id == TypeId::Boolean && target.id == TypeId::Integer) return Value::ofInteger(target, value.boolean ? 1 : 0);
   if (from.id == TypeId::Integer && target.id == TypeId::Boolean) return Value::ofBool(value.integer != 0);
   return std::nullopt;
}

}  // namespace

std::optional<Value> convert(const Value& value, SqlType target, bool explicitCast) {
   auto converted = convertUnrounded(value, target, explicitCast);
   bool rounds = converted && !converted->isNull && (target.id == TypeId::Timestamp || target.id == TypeId::TimestampTz || target.id == TypeId::Time);
   if (rounds) converted->integer = timestamp::round(converted->integer, target.fractionalDigits());
   return converted;
}

Value dateForComparison(const Value& date, SqlType target) {
   if (date.isNull) return Value::null(target);
   int32_t days = int32_t(date.integer);
   return Value::ofInteger(
      target, target.id == TypeId::TimestampTz ? timestamptz::fromDateForComparison(days, TimeZone::current()) : timestamp::fromDateForComparison(days));
}

std::optional<Value> dateTimeArithmetic(ArithOp op, const Value& left, const Value& right) {
   if (left.isNull || right.isNull || (op != ArithOp::Add && op != ArithOp::Sub)) return std::nullopt;
   int32_t sign = op == ArithOp::Sub ? -1 : 1;
   TypeId l = left.type.id, r = right.type.id;
   if (l == TypeId::Date && right.type.isInteger()) {
      if (!date::isFinite(int32_t(left.integer))) return left;
      int64_t day = left.integer + sign * right.integer;
      if (!date::inRange(day)) throw Error("22008", "date out of range");
      return Value::ofInteger(SqlType::date(), day);
   }
   // A moment and what moves it, in either order (the interval second for subtraction).
   bool swapped = op == ArithOp::Add && (l == TypeId::Interval || (l == TypeId::Time && r == TypeId::Timestamp));
   const Value& moment = swapped ? right : left;
   const Value& span = swapped ? left : right;
   Interval by = span.type.id == TypeId::Time ? Interval{0, 0, span.integer} : span.interval;
   if (span.type.id == TypeId::Interval || (span.type.id == TypeId::Time && moment.type.id == TypeId::Timestamp && op == ArithOp::Add)) {
      switch (moment.type.id) {
         case TypeId::Timestamp: return Value::ofInteger(SqlType::timestamp(), timestamp::addInterval(moment.integer, by, sign));
         case TypeId::TimestampTz: return Value::ofInteger(SqlType::timestampTz(), timestamptz::addInterval(moment.integer, by, sign, TimeZone::current()));
         case TypeId::Time: return Value::ofInteger(SqlType::time(), time_of_day::addInterval(moment.integer, by, sign));
         default: return std::nullopt;
      }
   }
   if (l == r && (l == TypeId::Timestamp || l == TypeId::TimestampTz) && op == ArithOp::Sub)
      return Value::ofInterval(timestamp::difference(left.integer, right.integer));
   if (l == TypeId::Time && r == TypeId::Time && op == ArithOp::Sub) return Value::ofInterval(Interval{0, 0, left.integer - right.integer});
   return std::nullopt;
}

std::optional<Value> numericArithmetic(ArithOp op, const Value& left, const Value& right) {
   if (left.isNull || right.isNull || !left.type.isExactNumeric() || !right.type.isExactNumeric()) return std::nullopt;
   if (left.type.id != TypeId::Numeric && right.type.id != TypeId::Numeric) return std::nullopt;
   Numeric a = asNumeric(left), b = asNumeric(right);
   switch (op) {
      case ArithOp::Add: return Value::ofNumeric(a + b);
      case ArithOp::Sub: return Value::ofNumeric(a - b);
      case ArithOp::Mul: return Value::ofNumeric(a * b);
      case ArithOp::Div: return Value::ofNumeric(a / b);
      case ArithOp::Mod: return Value::ofNumeric(a % b);
      case ArithOp::Concat: break;
   }
   return std::nullopt;
}

std::optional<Value> dateBound(CompareOp op, int64_t micros) {
   // An infinite timestamp is the infinite date's midnight.
   int32_t floor = timestamp::toDate(micros);
   bool midnight = !timestamp::isFinite(micros) || timestamp::timeOfDay(micros) == 0;
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
