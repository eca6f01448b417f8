#include "common/datetime_input.h"

#include "common/date.h"
#include "common/datetime_scanner.h"
#include "kiln/kiln.h"

namespace kiln::datetime_input {

namespace {

bool isZoneNameCharacter(char c) {
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '_' || c == '+' || c == '-';
}

/// A zone after the time: "Z", "+hh", "-hh:mm", "+hhmm", "+hh:mm:ss" (ISO signs: + is east of
/// Greenwich) or a name ("UTC", "Europe/Berlin"). False when none follows.
bool zone(DatetimeScanner& s, Parts& out) {
   if (s.peek() == '+' || s.peek() == '-') {
      int sign = s.text[s.i++] == '-' ? -1 : 1;
      int64_t hours, minutes = 0, seconds = 0;
      size_t digits;
      if (!s.number(hours, 4, &digits) || digits == 3) return false;
      if (digits == 4) {
         minutes = hours % 100;
         hours /= 100;
      } else if (s.take(':') && (!s.number(minutes, 2) || (s.take(':') && !s.number(seconds, 2)))) {
         return false;
      }
      out.offsetSeconds = int32_t(sign * (hours * 3600 + minutes * 60 + seconds));
      return true;
   }
   DatetimeScanner probe = s;
   if (probe.word("bc") || probe.word("ad")) {
      if (!isZoneNameCharacter(probe.peek())) return false;
   }
   char first = s.peek();
   if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))) return false;
   size_t start = s.i;
   while (isZoneNameCharacter(s.peek())) ++s.i;
   out.zoneName = std::string(s.text.substr(start, s.i - start));
   if (out.zoneName == "Z" || out.zoneName == "z") {
      out.zoneName.clear();
      out.offsetSeconds = 0;
   }
   return true;
}

/// Whether a zone word can be a zone: tz database names have a slash; of the abbreviations only
/// UTC and GMT are known (PostgreSQL's timezone_abbreviations are not).
bool knownZoneForm(std::string_view name) {
   if (name.empty() || name.find('/') != std::string_view::npos) return true;
   std::string lower;
   for (char c : name) lower.push_back(char(c | 0x20));
   return lower == "utc" || lower == "gmt";
}

/// Digits as a year; false when there are none. A year past 2^31 is kept as 2^31, out of range.
bool year(DatetimeScanner& s, int64_t& out) {
   if (!s.isDigit()) return false;
   out = 0;
   while (s.isDigit()) out = std::min<int64_t>(out * 10 + (s.text[s.i++] - '0'), int64_t(INT32_MAX) + 1);
   return true;
}

}  // namespace

Parts parse(std::string_view text, std::string_view typeName) {
   auto malformed = [&] { return Error("22007", "invalid input syntax for type " + std::string(typeName) + ": \"" + std::string(text) + "\""); };
   auto fieldOutOfRange = [&] { return Error("22008", "date/time field value out of range: \"" + std::string(text) + "\""); };
   DatetimeScanner s{text};
   s.skipBlanks();
   for (const char* special : {"now", "today", "tomorrow", "yesterday", "allballs"}) {
      DatetimeScanner probe = s;
      if (probe.word(special)) {
         probe.skipBlanks();
         if (probe.atEnd()) throw Error("0A000", std::string(typeName) + " input \"" + std::string(text) + "\" is not supported");
      }
   }
   Parts result;
   bool special = true;
   if (s.word("epoch")) {
      result.days = date::fromCivil(1970, 1, 1);
      result.offsetSeconds = 0;  // midnight in UTC
   } else if (s.word("infinity")) {
      result.kind = Parts::Kind::Infinity;
   } else if (DatetimeScanner minus = s; minus.take('-') && (minus.skipBlanks(), minus.word("infinity"))) {
      s = minus;
      result.kind = Parts::Kind::MinusInfinity;
   } else {
      special = false;
   }
   int64_t y = 0, month = 0, day = 0;
   if (special) {
      if (!s.atEnd() && s.peek() != ' ' && s.peek() != '\t') throw malformed();
   } else if (!year(s, y) || !s.take('-') || !s.number(month, 2) || !s.take('-') || !s.number(day, 2)) {
      throw malformed();
   }
   // A time, a zone and an era may follow; after a special word they are checked, not used.
   bool timeFollows = !special && (s.take('T') || s.take('t'));
   bool blanks = s.peek() == ' ' || s.peek() == '\t';
   s.skipBlanks();
   if (!timeFollows && blanks) timeFollows = s.isDigit();
   bool timeInRange = true;
   int64_t time = 0;
   if (timeFollows) {
      if (!s.timeOfDay(time, timeInRange)) throw malformed();
      s.skipBlanks();
   }
   Parts ignored;
   if ((timeFollows || special) && zone(s, special ? ignored : result)) {
      if (!knownZoneForm(special ? ignored.zoneName : result.zoneName)) throw malformed();
      s.skipBlanks();
   }
   bool bc = s.word("bc");
   if (!bc) s.word("ad");
   s.skipBlanks();
   if (!s.atEnd()) throw malformed();
   if (!timeInRange) throw fieldOutOfRange();
   if (special) return result;
   // There is no year 0 as written (1 BC is the year before 1 AD).
   if (y == 0 || y > INT32_MAX) throw fieldOutOfRange();
   if (bc) y = 1 - y;
   if (month < 1 || month > 12 || day < 1 || unsigned(day) > date::daysInMonth(y, unsigned(month))) throw fieldOutOfRange();
   result.days = date::dayNumber(y, unsigned(month), unsigned(day));
   result.time = time;
   return result;
}

}  // namespace kiln::datetime_input
