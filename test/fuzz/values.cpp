#include "values.h"

#include <cinttypes>
#include <cstdio>
#include <limits>

namespace kiln::fuzz {

std::string quoted(std::string_view text) {
   std::string out = "'";
   for (char c : text) {
      if (c == '\'') out += '\'';
      out += c;
   }
   return out + "'";
}

namespace {

/// The first `count` characters (UTF-8 code points) of `text`.
std::string firstCharacters(const std::string& text, int count) {
   size_t at = 0;
   for (int n = 0; n < count && at < text.size(); ++n) {
      ++at;
      while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
   }
   return text.substr(0, at);
}

const std::vector<std::string>& specialStrings() {
   static const std::vector<std::string> all = {
      "",     " ",      "a",    "A",           "abc", "ABC",   "a b",         " x ",       "ab  ", "hello world", "é",
      "éa",   "日本語", "it's", "back\\slash", "%",   "_",     "a%b_c",       "12",        "-3.5", "2020-01-01",  "NaN",
      "true", "null",   "NULL", "x,y",         "{a}", "\"q\"", "line\nbreak", "tab\there", "ß",    "ÀÉÎ",         "z",
   };
   return all;
}

const std::vector<std::string>& plainWords() {
   static const std::vector<std::string> all = {"a", "b", "ab", "ba", "abc", "x", "xy", "foo", "bar", "Foo", "BAR", "q r"};
   return all;
}

}  // namespace

std::string ValueSource::digits(int count) {
   std::string out;
   for (int i = 0; i < count; ++i) out += char('0' + random_.below(10));
   return out;
}

std::string ValueSource::integer(int64_t min, int64_t max) {
   switch (random_.below(6)) {
      case 0: return std::to_string(random_.chance(50) ? min : max);
      case 1: return std::to_string(random_.pick(std::vector<int64_t>{0, 1, -1, 2, 10, 100, -100}));
      case 2: return std::to_string(random_.chance(50) ? min + 1 : max - 1);
      case 3: {
         // Anywhere in the range (the random bits are reduced into it).
         uint64_t span = uint64_t(max) - uint64_t(min);
         uint64_t offset = span == std::numeric_limits<uint64_t>::max() ? random_.below(span) : random_.below(span + 1);
         return std::to_string(int64_t(uint64_t(min) + offset));
      }
      default: return std::to_string(random_.between(-5, 12));  // small: joins and groups meet
   }
}

std::string ValueSource::numeric(const Type& type) {
   int whole = type.precision ? type.precision - type.scale : int(random_.between(1, 20));
   int scale = type.precision ? type.scale : int(random_.between(0, 10));
   std::string sign = random_.chance(30) ? "-" : "";
   std::string intPart, fracPart;
   switch (random_.below(5)) {
      case 0:  // the largest magnitude the type holds
         intPart = whole > 0 ? std::string(size_t(whole), '9') : "0";
         fracPart = std::string(size_t(scale), '9');
         break;
      case 1:  // the smallest step
         intPart = "0";
         fracPart = scale > 0 ? std::string(size_t(scale - 1), '0') + "1" : "";
         if (scale == 0) intPart = "1";
         break;
      case 2:  // halfway cases, which rounding treats differently
         intPart = std::to_string(random_.between(0, 99));
         fracPart = scale > 0 ? std::string(size_t(scale - 1), random_.chance(50) ? '0' : '4') + "5" : "";
         break;
      default: intPart = std::to_string(random_.between(0, whole >= 3 ? 999 : 9)); fracPart = digits(scale);
   }
   if (whole <= 0) intPart = "0";
   if (int(intPart.size()) > whole && whole > 0) intPart = intPart.substr(0, size_t(whole));
   return sign + intPart + (scale > 0 ? "." + fracPart : "");
}

std::string ValueSource::floating(bool single) {
   static const std::vector<std::string> doubles = {"NaN",
                                                    "Infinity",
                                                    "-Infinity",
                                                    "-0",
                                                    "0",
                                                    "1.5",
                                                    "-2.25",
                                                    "0.1",
                                                    "1e+300",
                                                    "-1e+300",
                                                    "1.7976931348623157e+308",
                                                    "-1.7976931348623157e+308",
                                                    "5e-324",
                                                    "2.2250738585072014e-308",
                                                    "123456789.125",
                                                    "0.3333333333333333",
                                                    "3"};
   static const std::vector<std::string> singles = {
      "NaN",   "Infinity",      "-Infinity", "-0",         "0", "1.5", "-2.25", "0.1", "3.4028235e+38", "-3.4028235e+38",
      "1e-45", "1.1754944e-38", "123456.79", "0.33333334", "3"};
   if (random_.chance(40)) return random_.pick(single ? singles : doubles);
   std::string value = std::to_string(random_.between(-999, 999));
   if (random_.chance(60)) value += "." + digits(int(random_.between(1, single ? 3 : 6)));
   return value;
}

std::string ValueSource::string(int maxLength) {
   std::string value;
   switch (random_.below(8)) {
      case 0:
      case 1: value = random_.pick(specialStrings()); break;
      case 2: {
         std::string unit = random_.pick(plainWords());
         for (int i = int(random_.between(20, 120)); i > 0; --i) value += unit;
         break;
      }
      case 3:
         if (switches_.invalidUtf8) {
            value = random_.chance(50) ? "a\xff"
                                         "b"
                                       : "\xc3";
            break;
         }
         [[fallthrough]];
      default: value = random_.pick(plainWords());
   }
   return maxLength > 0 ? firstCharacters(value, maxLength) : value;
}

std::string ValueSource::date() {
   static const std::vector<std::string> extremes = {"2000-01-01", "1970-01-01", "1999-12-31", "2000-02-29",   "2024-02-29",
                                                     "0001-01-01", "9999-12-31", "1900-03-01", "0001-12-31 BC"};
   static const std::vector<std::string> limits = {"4714-11-24 BC", "294276-12-31"};
   static const std::vector<std::string> far = {"5874897-12-31", "294277-01-01", "1000000-06-15"};
   if (switches_.infiniteMoments && random_.chance(5)) return random_.chance(50) ? "infinity" : "-infinity";
   if (switches_.farDates && random_.chance(10)) return random_.pick(far);
   if (switches_.timestampLimits && random_.chance(5)) return random_.pick(limits);
   if (random_.chance(35)) return random_.pick(extremes);
   return ordinaryDate();
}

std::string ValueSource::ordinaryDate() {
   char buffer[32];
   std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", int(random_.between(1990, 2030)), int(random_.between(1, 12)), int(random_.between(1, 28)));
   return buffer;
}

std::string ValueSource::time() {
   static const std::vector<std::string> extremes = {"00:00:00", "23:59:59.999999", "24:00:00", "12:00:00", "00:00:00.000001", "13:30"};
   if (random_.chance(35)) return random_.pick(extremes);
   char buffer[32];
   std::snprintf(buffer, sizeof buffer, "%02d:%02d:%02d", int(random_.between(0, 23)), int(random_.between(0, 59)), int(random_.between(0, 59)));
   std::string value = buffer;
   if (random_.chance(50)) value += "." + digits(int(random_.between(1, 6)));
   return value;
}

std::string ValueSource::timestamp(bool withZone) {
   static const std::vector<std::string> extremes = {"2000-01-01 00:00:00", "1970-01-01 00:00:00",        "2024-02-29 12:34:56.789012",
                                                     "0001-01-01 00:00:00", "9999-12-31 23:59:59.999999", "2021-03-28 02:30:00",
                                                     "2021-10-31 02:30:00", "1999-12-31 23:59:59.5",      "0001-01-01 00:00:00 BC"};
   static const std::vector<std::string> limits = {"294276-12-31 23:59:59.999999", "4714-11-24 00:00:00 BC"};
   if (switches_.infiniteMoments && random_.chance(5)) return random_.chance(50) ? "infinity" : "-infinity";
   // The extremes get no zone offset, which could push them out of range.
   if (switches_.timestampLimits && random_.chance(5)) return random_.pick(limits);
   if (random_.chance(30)) return random_.pick(extremes);
   std::string value = ordinaryDate() + " " + time();
   if (withZone && random_.chance(60)) value += random_.pick(std::vector<std::string>{"+00", "+02", "-05:30", "+14", "Z", " UTC"});
   return value;
}

std::string ValueSource::interval() {
   static const std::vector<std::string> extremes = {"0",
                                                     "1 day",
                                                     "-1 day",
                                                     "1 mon",
                                                     "1 year 2 mons 3 days 04:05:06.789",
                                                     "-178000000 years",
                                                     "178000000 years",
                                                     "2147483647 days",
                                                     "-2147483647 days",
                                                     "00:00:00.000001",
                                                     "1 day -00:00:01",
                                                     "-1 mons +1 day",
                                                     "30 days",
                                                     "24:00:00"};
   if (random_.chance(35)) return random_.pick(extremes);
   auto sign = [&] { return random_.chance(30) ? -1 : 1; };
   std::string value;
   if (random_.chance(50)) value += std::to_string(sign() * random_.between(0, 30)) + " mons ";
   if (random_.chance(50)) value += std::to_string(sign() * random_.between(0, 40)) + " days ";
   char buffer[40];
   std::snprintf(buffer, sizeof buffer, "%s%02d:%02d:%02d", sign() < 0 ? "-" : "", int(random_.between(0, 30)), int(random_.between(0, 59)),
                 int(random_.between(0, 59)));
   return value + buffer;
}

std::string ValueSource::array(const Type& type) {
   if (random_.chance(10)) return "{}";
   std::string out = "{";
   int count = int(random_.between(1, 4));
   for (int i = 0; i < count; ++i) {
      if (i) out += ",";
      if (random_.chance(15)) {
         out += "NULL";
         continue;
      }
      if (type.element == Kind::Int4) {
         out += random_.chance(20) ? integer(-2147483647 - 1, 2147483647) : std::to_string(random_.between(-3, 5));
         continue;
      }
      out += '"';
      for (char c : random_.chance(20) ? random_.pick(specialStrings()) : random_.pick(plainWords())) {
         if (c == '"' || c == '\\') out += '\\';
         out += c;
      }
      out += '"';
   }
   return out + "}";
}

std::string ValueSource::text(const Type& type) {
   switch (type.kind) {
      case Kind::Bool: return random_.pick(std::vector<std::string>{"true", "false", "t", "f", "yes", "off", "1", "0"});
      case Kind::Int2: return integer(-32768, 32767);
      case Kind::Int4: return integer(-2147483647 - 1, 2147483647);
      case Kind::Int8: return integer(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
      case Kind::Numeric: return numeric(type);
      case Kind::Float4: return floating(true);
      case Kind::Float8: return floating(false);
      case Kind::Text: return string(0);
      case Kind::Varchar:
      case Kind::Char: return string(type.length);
      case Kind::Date: return date();
      case Kind::Timestamp: return timestamp(false);
      case Kind::TimestampTz: return timestamp(true);
      case Kind::Time: return time();
      case Kind::Interval: return interval();
      case Kind::Array: return array(type);
   }
   return "";
}

std::string ValueSource::literal(const Type& type) {
   std::string value = text(type);
   bool bare = false;
   switch (type.kind) {
      case Kind::Int4: bare = true; break;
      case Kind::Numeric: {
         // A bare decimal literal is numeric with the scale it shows: the same as the type's.
         size_t point = value.find('.');
         int shownScale = point == std::string::npos ? 0 : int(value.size() - point - 1);
         bare = shownScale == type.scale && point != std::string::npos && random_.chance(50);
         break;
      }
      case Kind::Bool: return random_.chance(50) ? "true" : "false";
      default: break;
   }
   if (bare) return value[0] == '-' ? "(" + value + ")" : value;
   if (type.kind == Kind::Float8 && switches_.exponentLiterals && value.find('e') != std::string::npos && value[0] != '-') return value;
   return quoted(value) + "::" + type.sql();
}

std::string simplestLiteral(const Type& type) {
   switch (type.kind) {
      case Kind::Bool: return "true";
      case Kind::Int4: return "0";
      case Kind::Int2:
      case Kind::Int8:
      case Kind::Numeric:
      case Kind::Float4:
      case Kind::Float8: return "0::" + type.sql();
      case Kind::Text: return "''";
      case Kind::Varchar:
      case Kind::Char: return "''::" + type.sql();
      case Kind::Date: return "'2000-01-01'::date";
      case Kind::Timestamp: return "'2000-01-01 00:00:00'::timestamp";
      case Kind::TimestampTz: return "'2000-01-01 00:00:00+00'::timestamptz";
      case Kind::Time: return "'00:00:00'::time";
      case Kind::Interval: return "'0'::interval";
      case Kind::Array: return "'{}'::" + type.sql();
   }
   return "NULL";
}

std::string nullLiteral(const Type& type) { return "NULL::" + type.sql(); }

}  // namespace kiln::fuzz
