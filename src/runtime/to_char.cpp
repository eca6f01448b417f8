// to_char of dates, times and intervals (common/datetime_format.h shows the fields; a
// timestamptz in the session's time zone, with its abbreviation and offset for TZ and OF) and of
// numbers (common/number_format.h); to_date and to_timestamp, their reverse.
#include <cmath>
#include <cstdio>

#include "common/date.h"
#include "common/datetime_format.h"
#include "common/number_format.h"
#include "common/time_zone.h"
#include "common/timestamp.h"
#include "runtime/helpers.h"
#include "runtime/string_results.h"

using namespace kiln;

// to_char of an infinity is NULL (generated code says so): its text is not computed.

void kiln_to_char_timestamp(int64_t local, const GermanString* pattern, GermanString* out, StringHeap* arena) {
   if (!timestamp::isFinite(local)) return storeString(out, "", arena);
   storeString(out, datetime_format::format(datetime_format::ofTimestamp(local), pattern->view()), arena);
}

void kiln_to_char_timestamptz(int64_t utc, const GermanString* pattern, GermanString* out, StringHeap* arena) {
   if (!timestamp::isFinite(utc)) return storeString(out, "", arena);
   const TimeZone& zone = TimeZone::current();
   datetime_format::Fields fields = datetime_format::ofTimestamp(zone.toLocal(utc));
   fields.zoneAbbreviation = zone.abbreviationAt(utc);
   fields.offsetSeconds = zone.offsetAt(utc);
   storeString(out, datetime_format::format(fields, pattern->view()), arena);
}

void kiln_to_char_interval(const Interval* value, const GermanString* pattern, GermanString* out, StringHeap* arena) {
   storeString(out, datetime_format::format(datetime_format::ofInterval(*value), pattern->view()), arena);
}

void kiln_to_char_decimal(__int128 unscaled, int32_t scale, const GermanString* pattern, GermanString* out, StringHeap* arena) {
   storeString(out, number_format::formatDecimal(unscaled, unsigned(scale), pattern->view()), arena);
}

void kiln_to_char_double(double value, int32_t significantDigits, const GermanString* pattern, GermanString* out, StringHeap* arena) {
   storeString(out, number_format::formatDouble(value, significantDigits, pattern->view()), arena);
}

int64_t kiln_to_timestamp_local(const GermanString* text, const GermanString* pattern) {
   datetime_format::DateAndTime moment = datetime_format::parse(text->view(), pattern->view());
   // The day first: its midnight in microseconds could overflow.
   if (moment.days < date::firstDay || moment.days >= timestamp::endDay) throw Error("22008", "timestamp out of range");
   int64_t local = moment.days * interval::microsPerDay + moment.time;
   if (!timestamp::inRange(local)) throw Error("22008", "timestamp out of range");
   return local;
}

int32_t kiln_to_date(const GermanString* text, const GermanString* pattern) {
   int64_t days = datetime_format::parse(text->view(), pattern->view()).days;
   if (!date::inRange(days)) throw Error("22008", "date out of range: \"" + std::string(text->view()) + "\"");
   return int32_t(days);
}

int64_t kiln_to_timestamp_epoch(double seconds) {
   // As PostgreSQL's float8_timestamptz: microseconds rounded to even.
   if (std::isnan(seconds)) throw Error("22008", "timestamp cannot be NaN");
   if (std::isinf(seconds)) return seconds > 0 ? timestamp::infinity : timestamp::minusInfinity;
   double micros = std::rint((seconds - double(timestamp::unixEpochOffset) / 1e6) * 1e6);
   if (!(micros >= double(timestamp::minimum) && micros < double(timestamp::end))) {
      char text[64];
      std::snprintf(text, sizeof(text), "%g", seconds);
      throw Error("22008", std::string("timestamp out of range: \"") + text + "\"");
   }
   return int64_t(micros);
}
