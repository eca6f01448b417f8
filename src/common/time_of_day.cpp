#include "common/time_of_day.h"

#include "common/datetime_input.h"
#include "common/datetime_scanner.h"
#include "common/timestamp.h"

namespace kiln::time_of_day {

using interval::microsPerDay;

int64_t parse(std::string_view text) {
   auto malformed = [&] { return Error("22007", "invalid input syntax for type time: \"" + std::string(text) + "\""); };
   DatetimeScanner s{text};
   s.skipBlanks();
   if (s.word("allballs")) {
      s.skipBlanks();
      if (!s.atEnd()) throw malformed();
      return 0;
   }
   // A date first ("2024-03-01 12:00"): the time of that timestamp.
   DatetimeScanner probe = s;
   int64_t year;
   if (probe.number(year, 7) && probe.peek() == '-') return datetime_input::parse(text, "time").time;
   int64_t time;
   bool inRange;
   if (!s.timeOfDay(time, inRange)) throw malformed();
   s.skipBlanks();
   bool pm = s.word("pm");
   bool am = !pm && s.word("am");
   if (am || pm) {
      if (time >= 13 * timestamp::microsPerHour) throw Error("22008", "date/time field value out of range: \"" + std::string(text) + "\"");
      if (time >= 12 * timestamp::microsPerHour) time -= 12 * timestamp::microsPerHour;
      if (pm) time += 12 * timestamp::microsPerHour;
      s.skipBlanks();
   }
   // A zone ("+02", "Z") is ignored, as PostgreSQL does for time without time zone.
   if (s.take('+') || s.take('-')) {
      int64_t ignored;
      if (!s.number(ignored, 4)) throw malformed();
      if (s.take(':') && !s.number(ignored, 2)) throw malformed();
   } else {
      s.take('Z') || s.take('z');
   }
   s.skipBlanks();
   if (!s.atEnd()) throw malformed();
   if (!inRange) throw Error("22008", "date/time field value out of range: \"" + std::string(text) + "\"");
   return time;
}

std::string format(int64_t time) { return timestamp::formatTimeOfDay(time); }

int64_t addInterval(int64_t time, const Interval& interval, int32_t sign) {
   int64_t result = (time + sign * (interval.micros % microsPerDay)) % microsPerDay;
   return result < 0 ? result + microsPerDay : result;
}

}  // namespace kiln::time_of_day
