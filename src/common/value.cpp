#include "common/value.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "common/array_text.h"
#include "common/date.h"
#include "common/decimal.h"
#include "common/interval.h"
#include "common/packed_numeric.h"
#include "common/time_of_day.h"
#include "common/timestamp.h"
#include "common/timestamp_tz.h"
#include "common/utf8.h"

namespace kiln {

int64_t integerMinimum(TypeId type) { return type == TypeId::SmallInt ? INT16_MIN : type == TypeId::Integer ? INT32_MIN : INT64_MIN; }

int64_t integerMaximum(TypeId type) { return type == TypeId::SmallInt ? INT16_MAX : type == TypeId::Integer ? INT32_MAX : INT64_MAX; }

namespace text {

static std::string_view trim(std::string_view s) {
   while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) s.remove_prefix(1);
   while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
   return s;
}

[[noreturn]] static void invalidSyntax(std::string_view typeName, std::string_view text, const char* sqlstate = "22P02") {
   throw Error(sqlstate, "invalid input syntax for type " + std::string(typeName) + ": \"" + std::string(text) + "\"");
}

bool parseBool(std::string_view input) {
   std::string_view s = trim(input);
   std::string lower;
   for (char c : s) lower.push_back(char(std::tolower(static_cast<unsigned char>(c))));
   auto isPrefixOf = [&](std::string_view word) { return !lower.empty() && word.substr(0, lower.size()) == lower; };
   if (lower == "1" || isPrefixOf("true") || isPrefixOf("yes") || lower == "on") return true;
   if (lower == "0" || isPrefixOf("false") || isPrefixOf("no") || lower == "off" || lower == "of") return false;
   invalidSyntax("boolean", input);
}

/// Plain digits with an optional minus sign, short enough not to overflow int64: the common case.
static bool parseSimpleDigits(std::string_view s, int64_t& out) {
   size_t i = !s.empty() && s[0] == '-';
   if (s.size() == i || s.size() - i > 18) return false;
   int64_t value = 0;
   for (size_t k = i; k < s.size(); ++k) {
      unsigned digit = unsigned(s[k] - '0');
      if (digit > 9) return false;
      value = value * 10 + digit;
   }
   out = i ? -value : value;
   return true;
}

int64_t parseInteger(std::string_view input, SqlType type) {
   int64_t lo = integerMinimum(type.id), hi = integerMaximum(type.id);
   if (int64_t fast; parseSimpleDigits(input, fast) && fast >= lo && fast <= hi) return fast;
   std::string_view s = trim(input);
   std::string_view digits = s;
   bool negative = false;
   if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) {
      negative = digits[0] == '-';
      digits.remove_prefix(1);
   }
   if (digits.empty()) invalidSyntax(type.toString(), input);
   unsigned __int128 magnitude = 0;
   for (char c : digits) {
      if (c < '0' || c > '9') invalidSyntax(type.toString(), input);
      magnitude = magnitude * 10 + unsigned(c - '0');
      if (magnitude > (unsigned __int128)1 << 64) break;
   }
   __int128 value = negative ? -(__int128)magnitude : (__int128)magnitude;
   if (value < lo || value > hi) throw Error("22003", "value \"" + std::string(input) + "\" is out of range for type " + type.toString());
   return int64_t(value);
}

static Error numericFieldOverflow(SqlType type) {
   return Error("22003", "numeric field overflow", 0,
                "A field with precision " + std::to_string(type.precision) + ", scale " + std::to_string(type.scale) +
                   " must round to an absolute value less than 10^" + std::to_string(type.precision - type.scale) + ".");
}

__int128 parseDecimal(std::string_view input, SqlType type) {
   // Fast path: [-]digits[.digits] with no more fraction digits than the scale.
   size_t point = input.find('.');
   std::string_view whole = input.substr(0, point), fraction = point == std::string_view::npos ? std::string_view() : input.substr(point + 1);
   int64_t integral, fractional = 0;
   if (fraction.size() <= type.scale && whole.size() + type.scale <= 18 && (whole.size() > size_t(whole[0] == '-') || !fraction.empty()) &&
       (whole.size() == size_t(!whole.empty() && whole[0] == '-') ? (integral = 0, true) : parseSimpleDigits(whole, integral)) &&
       (fraction.empty() || (fraction[0] != '-' && parseSimpleDigits(fraction, fractional)))) {
      int64_t scaled = integral;
      for (unsigned k = 0; k < type.scale; ++k) scaled *= 10;
      for (size_t k = fraction.size(); k < type.scale; ++k) fractional *= 10;
      bool negative = !whole.empty() && whole[0] == '-';
      __int128 value = negative ? __int128(scaled) - fractional : __int128(scaled) + fractional;
      __int128 bound = decimal::pow10(type.precision);
      if (value < bound && value > -bound) return value;
   }
   __int128 out = 0;
   switch (decimal::parse(input, type.precision, type.scale, out)) {
      case decimal::ParseStatus::Ok: return out;
      // NaN and the infinities, which NUMERIC(p,s) cannot hold, get their own errors.
      case decimal::ParseStatus::Malformed: return *Numeric::parse(input).fitted(int(type.precision), int(type.scale)).toUnscaled(int(type.scale));
      case decimal::ParseStatus::Overflow: throw numericFieldOverflow(type);
   }
   return out;
}

__int128 fitDecimal(__int128 unscaled, unsigned scale, SqlType type) {
   __int128 out;
   if (!decimal::rescale(unscaled, scale, type.scale, out)) throw numericFieldOverflow(type);
   __int128 bound = decimal::pow10(type.precision);
   if (out >= bound || out <= -bound) throw numericFieldOverflow(type);
   return out;
}

double parseDouble(std::string_view input, SqlType type) {
   std::string s(trim(input));
   std::string lower;
   for (char c : s) lower.push_back(char(std::tolower(static_cast<unsigned char>(c))));
   if (lower == "nan") return std::numeric_limits<double>::quiet_NaN();
   if (lower == "infinity" || lower == "+infinity" || lower == "inf") return std::numeric_limits<double>::infinity();
   if (lower == "-infinity" || lower == "-inf") return -std::numeric_limits<double>::infinity();
   if (s.empty()) invalidSyntax(type.toString(), input);
   char* end = nullptr;
   errno = 0;
   double value = std::strtod(s.c_str(), &end);
   if (end != s.c_str() + s.size() || lower.find_first_of("xnp") != std::string::npos) invalidSyntax(type.toString(), input);
   if (type.id == TypeId::Real) {
      // Read as a float at once, as PostgreSQL's float4in (through a double, it would round twice).
      errno = 0;
      float single = std::strtof(s.c_str(), &end);
      value = single;
   }
   // Like PostgreSQL: overflow, and underflow all the way to zero, are out of range.
   if (errno == ERANGE && (std::isinf(value) || value == 0)) throw Error("22003", "\"" + s + "\" is out of range for type " + type.toString());
   return value;
}

int32_t parseDate(std::string_view input) {
   // Fast path: exactly YYYY-MM-DD.
   if (input.size() == 10 && input[4] == '-' && input[7] == '-') {
      auto digits = [&](size_t from, size_t count) {
         int value = 0;
         for (size_t k = from; k < from + count; ++k) {
            unsigned digit = unsigned(input[k] - '0');
            if (digit > 9) return -1;
            value = value * 10 + int(digit);
         }
         return value;
      };
      int y = digits(0, 4), m = digits(5, 2), d = digits(8, 2);
      if (y >= 1 && m >= 0 && d >= 0 && date::isValid(y, unsigned(m), unsigned(d))) return date::fromCivil(y, unsigned(m), unsigned(d));
   }
   return date::parse(input);
}

int64_t parseMoment(std::string_view input, SqlType type) {
   int64_t micros = type.id == TypeId::TimestampTz ? timestamptz::parse(input, TimeZone::current())
                    : type.id == TypeId::Time      ? time_of_day::parse(input)
                                                   : timestamp::parse(input);
   return timestamp::round(micros, type.fractionalDigits());
}

Interval parseInterval(std::string_view input) {
   if (auto value = interval::parse(input)) return *value;
   invalidSyntax("interval", input, "22007");
}

std::string_view fitString(std::string_view s, SqlType type) {
   if (type.id == TypeId::Char) {
      while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
   }
   // The length counts characters; no more bytes than that means no more characters either.
   if (size_t cut; type.length && s.size() > type.length && (cut = byteOffset(s, type.length)) < s.size()) {
      // Like PostgreSQL, excess characters that are all blanks are silently cut.
      std::string_view excess = s.substr(cut);
      if (excess.find_first_not_of(' ') != std::string_view::npos) throw Error("22001", "value too long for type " + type.toString());
      s = s.substr(0, cut);
      if (type.id == TypeId::Char)
         while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
   }
   return s;
}

std::string formatDouble(double value, bool singlePrecision) {
   if (std::isnan(value)) return "NaN";
   if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
   if (value == 0) return std::signbit(value) ? "-0" : "0";
   // Shortest round-trip digits (like PostgreSQL 12+), laid out by PostgreSQL's rule:
   // fixed notation for decimal exponents in [-4, 15), scientific otherwise.
   char buffer[64];
   auto result = singlePrecision ? std::to_chars(buffer, buffer + sizeof(buffer), float(value), std::chars_format::scientific)
                                 : std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::scientific);
   std::string sci(buffer, result.ptr);
   size_t ePos = sci.find('e');
   int exponent = std::atoi(sci.c_str() + ePos + 1);
   bool negative = sci[0] == '-';
   std::string digits;
   for (size_t i = negative ? 1 : 0; i < ePos; ++i)
      if (sci[i] != '.') digits.push_back(sci[i]);
   std::string out = negative ? "-" : "";
   if (exponent < -4 || exponent >= (singlePrecision ? 6 : 15)) {
      out += digits.substr(0, 1);
      if (digits.size() > 1) out += "." + digits.substr(1);
      char expBuffer[16];
      std::snprintf(expBuffer, sizeof(expBuffer), "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
      return out + expBuffer;
   }
   if (exponent < 0) return out + "0." + std::string(size_t(-exponent - 1), '0') + digits;
   if (digits.size() <= size_t(exponent) + 1) return out + digits + std::string(size_t(exponent) + 1 - digits.size(), '0');
   return out + digits.substr(0, size_t(exponent) + 1) + "." + digits.substr(size_t(exponent) + 1);
}

void padToLength(std::string& text, SqlType type) {
   if (type.id != TypeId::Char || !type.length || text.size() >= type.length * 4) return;
   int64_t characters = characterCount(text);
   if (characters < int64_t(type.length)) text.append(size_t(int64_t(type.length) - characters), ' ');
}

}  // namespace text

Value Value::ofNumeric(const Numeric& n) { return ofString(SqlType::numeric(), packed_numeric::pack(n)); }

Numeric Value::numeric() const { return packed_numeric::unpack(string); }

Value parseValue(std::string_view s, SqlType type) {
   switch (type.id) {
      case TypeId::Unknown:
      case TypeId::Text:
      case TypeId::Varchar:
      case TypeId::Char: return Value::ofString(type, std::string(text::fitString(s, type)));
      case TypeId::Boolean: return Value::ofBool(text::parseBool(s));
      case TypeId::SmallInt:
      case TypeId::Integer:
      case TypeId::BigInt: return Value::ofInteger(type, text::parseInteger(s, type));
      case TypeId::Decimal: return Value::ofDecimal(type, text::parseDecimal(s, type));
      case TypeId::Real:
      case TypeId::Double: return Value::ofDouble(type, text::parseDouble(s, type));
      case TypeId::Date: return Value::ofInteger(type, text::parseDate(s));
      case TypeId::Timestamp:
      case TypeId::TimestampTz:
      case TypeId::Time: return Value::ofInteger(type, text::parseMoment(s, type));
      case TypeId::Interval: return Value::ofInterval(text::parseInterval(s));
      case TypeId::Array: return Value::ofString(type, array_text::canonical(s, type));
      case TypeId::Numeric: return Value::ofNumeric(Numeric::parse(s));
   }
   return Value::null(type);
}

std::string formatValue(const Value& v) {
   if (v.isNull) return "";
   switch (v.type.id) {
      case TypeId::Boolean: return v.boolean ? "t" : "f";
      case TypeId::SmallInt:
      case TypeId::Integer:
      case TypeId::BigInt: return std::to_string(v.integer);
      case TypeId::Decimal: return decimal::format(v.decimal, v.type.scale);
      case TypeId::Real: return text::formatDouble(v.floating, true);
      case TypeId::Double: return text::formatDouble(v.floating, false);
      case TypeId::Date: return date::format(int32_t(v.integer));
      case TypeId::Timestamp: return timestamp::format(v.integer);
      case TypeId::TimestampTz: return timestamptz::format(v.integer, TimeZone::current());
      case TypeId::Time: return time_of_day::format(v.integer);
      case TypeId::Interval: return interval::format(v.interval);
      case TypeId::Unknown:
      case TypeId::Char:
      case TypeId::Varchar:
      case TypeId::Text: return v.string;
      case TypeId::Array: return array_text::shownInZone(v.string, v.type);
      case TypeId::Numeric: return v.numeric().toString();
   }
   return "";
}

bool sameValue(const Value& a, const Value& b) {
   if (!(a.type == b.type) || a.isNull != b.isNull) return false;
   return a.isNull || formatValue(a) == formatValue(b);
}

}  // namespace kiln
