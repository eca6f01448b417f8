// AT TIME ZONE and timezone(zone, value): a timestamp read as local time in the zone gives the
// instant (timestamptz); an instant gives the zone's local time (timestamp). The zone is a name
// (TimeZone::named) or an interval, a fixed offset east of Greenwich.
#include "common/interval.h"
#include "common/time_zone.h"
#include "common/timestamp.h"
#include "runtime/helpers.h"

using namespace kiln;

namespace {

/// The zone a text names; a column of zones mostly repeats one, so the last one is kept.
const TimeZone& zoneNamed(const GermanString* name) {
   thread_local std::string lastName;
   thread_local std::shared_ptr<const TimeZone> lastZone;
   std::string_view text = name->view();
   if (!lastZone || text != lastName) {
      lastZone = TimeZone::named(text);
      lastName = text;
   }
   return *lastZone;
}

/// An interval zone's offset in whole seconds, as PostgreSQL truncates it.
int64_t offsetMicros(const Interval* zone) {
   if (zone->months != 0 || zone->days != 0) throw Error("22023", "interval time zone \"" + interval::format(*zone) + "\" must not include months or days");
   return zone->micros / interval::microsPerSecond * interval::microsPerSecond;
}

int64_t checked(int64_t micros, int64_t shift) {
   int64_t result;
   if (__builtin_add_overflow(micros, shift, &result) || !timestamp::inRange(result)) throw Error("22008", "timestamp out of range");
   return result;
}

}  // namespace

// An infinity stays as it is, whatever the zone says (PostgreSQL looks at the zone after it).

int64_t kiln_timestamp_at_zone(int64_t local, const GermanString* zone) { return timestamp::isFinite(local) ? zoneNamed(zone).toUtc(local) : local; }

int64_t kiln_timestamptz_at_zone(int64_t utc, const GermanString* zone) {
   if (!timestamp::isFinite(utc)) return utc;
   const TimeZone& z = zoneNamed(zone);
   return checked(utc, int64_t(z.offsetAt(utc)) * interval::microsPerSecond);
}

int64_t kiln_timestamp_at_offset(int64_t local, const Interval* zone) { return timestamp::isFinite(local) ? checked(local, -offsetMicros(zone)) : local; }

int64_t kiln_timestamptz_at_offset(int64_t utc, const Interval* zone) { return timestamp::isFinite(utc) ? checked(utc, offsetMicros(zone)) : utc; }
