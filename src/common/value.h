// A single typed SQL value, for constants in plans and for converting text (literals, COPY, CAST).
#pragma once

#include <string>
#include <string_view>

#include "common/numeric.h"
#include "kiln/kiln.h"

namespace kiln {

struct Value {
   SqlType type;
   bool isNull = true;
   union {
      bool boolean;
      int64_t integer;  // SMALLINT, INTEGER, BIGINT, DATE (days), TIMESTAMP (microseconds)
      __int128 decimal;  // unscaled
      double floating;  // REAL, DOUBLE
      Interval interval;
   };
   std::string string;  // CHAR, VARCHAR, TEXT, the text of an untyped literal; NUMERIC's packed bytes

   Value() : decimal(0) {}
   static Value null(SqlType type) {
      Value v;
      v.type = type;
      return v;
   }
   static Value ofBool(bool b) {
      return make(SqlType::boolean(), [&](Value& v) { v.boolean = b; });
   }
   static Value ofInteger(SqlType type, int64_t i) {
      return make(type, [&](Value& v) { v.integer = i; });
   }
   static Value ofDecimal(SqlType type, __int128 d) {
      return make(type, [&](Value& v) { v.decimal = d; });
   }
   static Value ofDouble(SqlType type, double f) {
      return make(type, [&](Value& v) { v.floating = f; });
   }
   static Value ofInterval(Interval i) {
      return make(SqlType::interval(), [&](Value& v) { v.interval = i; });
   }
   static Value ofString(SqlType type, std::string s) {
      return make(type, [&](Value& v) { v.string = std::move(s); });
   }
   /// A NUMERIC without a precision.
   static Value ofNumeric(const Numeric& n);
   /// The value of a NUMERIC without a precision.
   Numeric numeric() const;

   private:
   template <typename F>
   static Value make(SqlType type, F&& init) {
      Value v;
      v.type = type;
      v.isNull = false;
      init(v);
      return v;
   }
};

/// Converts text to a value of `type` the way PostgreSQL's input functions do; throws Error
/// 22P02 (malformed), 22003 (out of range), 22007/22008 (bad date), 22001 (string too long).
Value parseValue(std::string_view text, SqlType type);
/// PostgreSQL's output form of a value ("" for NULL).
std::string formatValue(const Value& value);
/// Whether two values are of one type and the same value (both NULL, or the same output form).
bool sameValue(const Value& a, const Value& b);

/// The range of SMALLINT, INTEGER or BIGINT.
int64_t integerMinimum(TypeId type);
int64_t integerMaximum(TypeId type);

/// The text-to-type conversions, one per storage class, shared by COPY, CAST and literals.
namespace text {
bool parseBool(std::string_view text);
int64_t parseInteger(std::string_view text, SqlType type);
__int128 parseDecimal(std::string_view text, SqlType type);
/// A decimal given as `unscaled` / 10^scale, rounded half away from zero to `type`'s scale; 22003
/// when it needs more digits than the type's precision.
__int128 fitDecimal(__int128 unscaled, unsigned scale, SqlType type);
double parseDouble(std::string_view text, SqlType type);
int32_t parseDate(std::string_view text);
/// TIMESTAMP, TIMESTAMPTZ (in the session's zone) or TIME, rounded to the type's precision.
int64_t parseMoment(std::string_view text, SqlType type);
Interval parseInterval(std::string_view text);
/// Checks length limits of CHAR(n)/VARCHAR(n); CHAR drops trailing blanks.
std::string_view fitString(std::string_view text, SqlType type);
/// The blanks that CHAR(n) keeps without them and shows: `text` padded to n characters.
void padToLength(std::string& text, SqlType type);
std::string formatDouble(double value, bool singlePrecision);
}  // namespace text

}  // namespace kiln
