#include <cmath>

#include "common/array_text.h"
#include "common/decimal.h"
#include "common/timestamp.h"
#include "engine/result_data.h"

namespace kiln {

namespace {
const ResultData& emptyResult() {
   static const ResultData empty;
   return empty;
}
}  // namespace

Result::Result() = default;
Result::Result(std::shared_ptr<const ResultData> data) : data_(std::move(data)) {}

static const ResultData& dataOf(const std::shared_ptr<const ResultData>& data) { return data ? *data : emptyResult(); }

bool Result::hasRows() const { return dataOf(data_).hasRows; }
const std::string& Result::statusTag() const { return dataOf(data_).status(); }
uint64_t Result::rowsAffected() const { return dataOf(data_).rowsAffected; }
const StatementStats& Result::stats() const { return dataOf(data_).stats; }
size_t Result::columnCount() const { return dataOf(data_).names.size(); }
const std::string& Result::columnName(size_t column) const { return dataOf(data_).names.at(column); }
SqlType Result::columnType(size_t column) const { return dataOf(data_).typeOf(column); }
size_t Result::rowCount() const { return dataOf(data_).rowCount(); }
bool Result::isNull(size_t row, size_t column) const { return dataOf(data_).isNull(row, column); }

bool Result::getBool(size_t row, size_t column) const {
   Value v = dataOf(data_).value(row, column);
   if (v.type.id != TypeId::Boolean) throw Error("42804", "column " + std::to_string(column) + " is not boolean");
   return !v.isNull && v.boolean;
}

int64_t Result::getInt64(size_t row, size_t column) const {
   const ResultData& data = dataOf(data_);
   if (column < data.layout.fields.size() && (data.layout.fields[column].type.isInteger() || data.layout.fields[column].type.id == TypeId::Date))
      if (std::optional<__int128> exact = data.exactAt(row, column)) return int64_t(*exact);
   Value v = data.value(row, column);
   if (v.isNull) return 0;
   if (v.type.isInteger() || v.type.id == TypeId::Date) return v.integer;
   if (v.type.id == TypeId::Boolean) return v.boolean;
   if (v.type.id == TypeId::Decimal) return int64_t(decimal::divideRounded(v.decimal, decimal::pow10(v.type.scale)));
   if (v.type.id == TypeId::Numeric) return v.numeric().toInteger(SqlType::bigInt());
   if (v.type.isFloat()) return int64_t(std::llround(v.floating));
   throw Error("42804", "column " + std::to_string(column) + " of type " + v.type.toString() + " is not an integer");
}

double Result::getDouble(size_t row, size_t column) const {
   Value v = dataOf(data_).value(row, column);
   if (v.isNull) return 0;
   if (v.type.isFloat()) return v.floating;
   if (v.type.isInteger()) return double(v.integer);
   if (v.type.id == TypeId::Decimal) return std::strtod(decimal::format(v.decimal, v.type.scale).c_str(), nullptr);
   if (v.type.id == TypeId::Numeric) return v.numeric().nearestDouble();
   throw Error("42804", "column " + std::to_string(column) + " of type " + v.type.toString() + " is not numeric");
}

__int128 Result::getDecimalUnscaled(size_t row, size_t column) const {
   const ResultData& data = dataOf(data_);
   if (column < data.layout.fields.size() && data.layout.fields[column].type.isExactNumeric())
      if (std::optional<__int128> exact = data.exactAt(row, column)) return *exact;
   Value v = data.value(row, column);
   if (v.isNull) return 0;
   if (v.type.id == TypeId::Decimal) return v.decimal;
   if (v.type.isInteger()) return v.integer;
   if (v.type.id == TypeId::Numeric) {
      Numeric n = v.numeric();
      if (auto unscaled = n.toUnscaled(n.displayScale())) return *unscaled;
      throw Error("22003", "numeric value " + n.toString() + " does not fit 128 bits unscaled");
   }
   throw Error("42804", "column " + std::to_string(column) + " of type " + v.type.toString() + " is not a decimal");
}

Interval Result::getInterval(size_t row, size_t column) const {
   Value v = dataOf(data_).value(row, column);
   if (v.type.id != TypeId::Interval) throw Error("42804", "column " + std::to_string(column) + " is not an interval");
   return v.isNull ? Interval{} : v.interval;
}

Timestamp Result::getTimestamp(size_t row, size_t column) const {
   Value v = dataOf(data_).value(row, column);
   int64_t micros;
   if (v.type.id == TypeId::Timestamp || v.type.id == TypeId::TimestampTz) micros = v.isNull ? 0 : v.integer;
   else if (v.type.id == TypeId::Date) micros = v.isNull ? 0 : timestamp::fromDate(int32_t(v.integer));
   else throw Error("42804", "column " + std::to_string(column) + " of type " + v.type.toString() + " is not a timestamp");
   if (micros == timestamp::infinity) return Timestamp::max();
   if (micros == timestamp::minusInfinity) return Timestamp::min();
   int64_t sinceUnixEpoch;
   // The last 30 years of the range are past what a Timestamp holds.
   if (__builtin_add_overflow(micros, timestamp::unixEpochOffset, &sinceUnixEpoch)) throw Error("22008", "timestamp out of range");
   return Timestamp(std::chrono::microseconds(sinceUnixEpoch));
}

std::string Result::getString(size_t row, size_t column) const {
   const ResultData& data = dataOf(data_);
   SqlType type = data.typeOf(column);
   // Strings are copied once, straight from the result's bytes, not into a Value first.
   std::optional<std::string_view> bytes = data.stringAt(row, column);
   TimeZone::Scope zone(data.timeZone ? *data.timeZone : *TimeZone::utc());
   std::string text = bytes ? type.isArray() ? array_text::shownInZone(*bytes, type) : std::string(*bytes) : formatValue(data.value(row, column));
   // CHAR(n) is stored without its trailing blanks and shown padded, as PostgreSQL does.
   if (!data.isNull(row, column)) text::padToLength(text, type);
   return text;
}

}  // namespace kiln
