// SET TIME ZONE / SET timezone: the zone a statement names, in PostgreSQL's forms.
#pragma once

#include <memory>

#include <pg_query/pg_query.pb-c.h>

#include "common/time_zone.h"

namespace kiln {

/// The session's new time zone: a string or number (TimeZone::forSetting), INTERVAL '...' (a
/// fixed offset without days or months), or LOCAL / DEFAULT / RESET (UTC, kiln's default).
/// Throws 22023 for a zone it does not know.
std::shared_ptr<const TimeZone> timeZoneSetting(const PgQuery__VariableSetStmt& set);

}  // namespace kiln
