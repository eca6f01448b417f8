#include <cmath>
#include <cstdlib>

#include "common/array_text.h"
#include "common/decimal.h"
#include "common/timestamp.h"
#include "common/unaligned.h"
#include "engine/result_data.h"

namespace kiln {

namespace {

const ResultData& emptyResult() {
   static const ResultData empty;
   return empty;
}

const ResultData& dataOf(const std::shared_ptr<const ResultData>& data) { return data ? *data : emptyResult(); }

/// The getter that reads a value of type `type`.
const char* getterFor(SqlType type) {
   if (type.id == TypeId::Boolean) return "getBool";
   if (type.isInteger()) return "getInt64";
   if (type.id == TypeId::Decimal || type.id == TypeId::Numeric) return "getDecimal";
   if (type.isFloat()) return "getDouble";
   if (type.id == TypeId::Interval) return "getInterval";
   if (type.isMoment()) return "getTimestamp";
   return "getString";
}

/// The cell a getter reads, its row and column checked (2202E).
class Cell {
   public:
   Cell(const ResultData& data, size_t row, size_t column) : data_(data), row_(row), column_(column), field_(data.field(column)), bytes_(data.rowAt(row)) {}

   SqlType type() const { return field_.type; }
   /// Its value's bytes: 22004 for a NULL, which `getter` cannot give as a value.
   const char* value(const char* getter) const {
      if (field_.nullOffset >= 0 && bytes_[field_.nullOffset]) [[unlikely]]
         nullValue(getter);
      return bytes_ + field_.offset;
   }
   Value asValue() const { return data_.value(row_, column_); }
   /// 42804: `getter` reads `what`, not this column's type.
   [[noreturn]] void wrongType(const char* getter, const std::string& what) const {
      throw Error("42804", "column " + name() + " is of type " + type().toString() + ": " + getter + " reads " + what, 0, {},
                  std::string("Read it with ") + getterFor(type()) + " (getString reads any value).");
   }
   /// 22003: the value does not fit what `getter` returns.
   [[noreturn]] void outOfRange(const char* getter, const std::string& value) const {
      throw Error("22003", "value " + value + " of column " + name() + " is out of range for " + getter);
   }

   private:
   std::string name() const { return "\"" + (column_ < data_.names.size() ? data_.names[column_] : std::to_string(column_)) + "\""; }
   [[noreturn]] void nullValue(const char* getter) const {
      throw Error("22004", "null value in column " + name() + " of row " + std::to_string(row_) + ": " + getter + " reads a value", 0, {},
                  "Test isNull first (getString gives \"\" for NULL).");
   }

   const ResultData& data_;
   size_t row_, column_;
   const RowLayout::Field& field_;
   const char* bytes_;
};

/// An integer column's value, widened.
int64_t integerAt(const Cell& cell, const char* getter) {
   const char* value = cell.value(getter);
   switch (cell.type().id) {
      case TypeId::SmallInt: return loadUnaligned<int16_t>(value);
      case TypeId::Integer: return loadUnaligned<int32_t>(value);
      default: return loadUnaligned<int64_t>(value);
   }
}

/// An exact number: a DECIMAL, a NUMERIC with its display scale, an integer with scale 0.
Decimal decimalAt(const Cell& cell, const char* getter) {
   SqlType type = cell.type();
   if (type.isInteger()) return {integerAt(cell, getter), 0};
   if (type.id == TypeId::Decimal) {
      const char* value = cell.value(getter);
      return {type.isWideDecimal() ? loadUnaligned<__int128>(value) : __int128(loadUnaligned<int64_t>(value)), type.scale};
   }
   if (type.id != TypeId::Numeric) cell.wrongType(getter, "an exact number");
   cell.value(getter);  // NULL checked
   Numeric n = cell.asValue().numeric();
   std::optional<__int128> unscaled = n.isFinite() ? n.toUnscaled(n.displayScale()) : std::nullopt;
   if (!unscaled) cell.outOfRange(getter, n.toString());
   return {*unscaled, unsigned(n.displayScale())};
}

}  // namespace

std::string Decimal::toString() const { return decimal::format(unscaled, scale); }
double Decimal::toDouble() const { return std::strtod(toString().c_str(), nullptr); }

Result::Result() = default;
Result::Result(std::shared_ptr<const ResultData> data) : data_(std::move(data)) {}

bool Result::hasRows() const { return dataOf(data_).hasRows; }
const std::string& Result::statusTag() const { return dataOf(data_).status(); }
uint64_t Result::rowsAffected() const { return dataOf(data_).rowsAffected; }
const StatementStats& Result::stats() const { return dataOf(data_).stats; }
size_t Result::columnCount() const { return dataOf(data_).names.size(); }
SqlType Result::columnType(size_t column) const { return dataOf(data_).typeOf(column); }
size_t Result::rowCount() const { return dataOf(data_).rowCount(); }
bool Result::isNull(size_t row, size_t column) const { return dataOf(data_).isNull(row, column); }
RowIterator Result::begin() const { return RowIterator(*this, 0); }
RowIterator Result::end() const { return RowIterator(*this, rowCount()); }

const std::string& Result::columnName(size_t column) const {
   const ResultData& data = dataOf(data_);
   if (column >= data.names.size()) data.field(column);  // 2202E
   return data.names[column];
}

size_t Result::columnIndex(std::string_view name) const {
   const std::vector<std::string>& names = dataOf(data_).names;
   for (size_t c = 0; c < names.size(); ++c)
      if (names[c] == name) return c;
   throw Error("42703", "column \"" + std::string(name) + "\" does not exist in the result");
}

bool Result::getBool(size_t row, size_t column) const {
   Cell cell(dataOf(data_), row, column);
   if (cell.type().id != TypeId::Boolean) cell.wrongType("getBool", "a boolean");
   return *cell.value("getBool") != 0;
}

int64_t Result::getInt64(size_t row, size_t column) const {
   Cell cell(dataOf(data_), row, column);
   SqlType type = cell.type();
   if (type.isInteger()) return integerAt(cell, "getInt64");
   if (type.id == TypeId::Date) return loadUnaligned<int32_t>(cell.value("getInt64"));
   if (type.id != TypeId::Decimal && type.id != TypeId::Numeric) cell.wrongType("getInt64", "an integer");
   // An exact number reads as an integer when it has no digits after the point.
   Decimal exact = decimalAt(cell, "getInt64");
   if (exact.scale != 0) cell.wrongType("getInt64", "an integer, not " + exact.toString());
   if (exact.unscaled < INT64_MIN || exact.unscaled > INT64_MAX) cell.outOfRange("getInt64", exact.toString());
   return int64_t(exact.unscaled);
}

double Result::getDouble(size_t row, size_t column) const {
   Cell cell(dataOf(data_), row, column);
   SqlType type = cell.type();
   if (type.id == TypeId::Real) return loadUnaligned<float>(cell.value("getDouble"));
   if (type.id == TypeId::Double) return loadUnaligned<double>(cell.value("getDouble"));
   if (type.isInteger()) return double(integerAt(cell, "getDouble"));
   if (type.id == TypeId::Numeric) {
      cell.value("getDouble");  // NULL checked
      return cell.asValue().numeric().nearestDouble();
   }
   if (type.id != TypeId::Decimal) cell.wrongType("getDouble", "a number");
   return decimalAt(cell, "getDouble").toDouble();
}

Decimal Result::getDecimal(size_t row, size_t column) const { return decimalAt(Cell(dataOf(data_), row, column), "getDecimal"); }

__int128 Result::getDecimalUnscaled(size_t row, size_t column) const { return decimalAt(Cell(dataOf(data_), row, column), "getDecimalUnscaled").unscaled; }

Interval Result::getInterval(size_t row, size_t column) const {
   Cell cell(dataOf(data_), row, column);
   if (cell.type().id != TypeId::Interval) cell.wrongType("getInterval", "an interval");
   return loadUnaligned<Interval>(cell.value("getInterval"));
}

Timestamp Result::getTimestamp(size_t row, size_t column) const {
   Cell cell(dataOf(data_), row, column);
   SqlType type = cell.type();
   int64_t micros;
   if (type.id == TypeId::Timestamp || type.id == TypeId::TimestampTz) micros = loadUnaligned<int64_t>(cell.value("getTimestamp"));
   else if (type.id == TypeId::Date) micros = timestamp::fromDate(loadUnaligned<int32_t>(cell.value("getTimestamp")));
   else cell.wrongType("getTimestamp", "a timestamp or date");
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
