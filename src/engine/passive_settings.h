// Settings kiln takes and shows as PostgreSQL does, where kiln behaves the same whatever their
// value (no XML type for xmloption, no row security, no function bodies to check) or accepts only
// the values it behaves as (client_encoding UTF8, standard_conforming_strings on, no timeouts on
// idle sessions). pg_dump's scripts set them first thing; psql and drivers set some on connect.
// One is kiln's own and not passive: disabled_optimizer_passes, kept as text here so that SET
// LOCAL, ROLLBACK and snapshots carry it as they carry these; each statement reads it.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "optimizer/optimizer_pass.h"

namespace kiln {

struct PassiveSetting {
   const char* name;        // as SHOW's column names it (PostgreSQL's spelling)
   const char* defaultValue;  // as SHOW gives it
   const char* description;   // for SHOW ALL
};

/// All of them, in name order.
const std::vector<PassiveSetting>& passiveSettings();

/// The setting named `lowercaseName` (names are case-insensitive), if it is one of these.
std::optional<PassiveSetting> findPassiveSetting(const std::string& lowercaseName);

/// The value SHOW gives after SET `setting` TO `text` (the value's text, as PostgreSQL flattens
/// SET's arguments: a list joined by ", "). Throws PostgreSQL's 22023 for a value it rejects, and
/// 0A000 for one it takes but kiln cannot behave as.
std::string passiveSettingValue(const PassiveSetting& setting, const std::string& text);

/// The text of SET's value, as PostgreSQL flattens its arguments: numbers and strings as written,
/// several joined by ", " (a `list` setting's strings quoted as identifiers where they need it:
/// search_path's '$user' is "$user"). Throws 22023 for several values of a setting that takes one.
std::string flattenedSetValue(const PgQuery__VariableSetStmt& set, bool list);

/// `text` in lowercase ASCII (setting names are case-insensitive).
std::string asciiLowercase(std::string text);

/// A connection's values of these settings, those changed from their defaults.
using PassiveSettingValues = std::vector<std::pair<std::string, std::string>>;  // lowercase name, value

/// The passes `values` switch off (disabled_optimizer_passes).
OptimizerPassSet disabledOptimizerPasses(const PassiveSettingValues& values);

}  // namespace kiln
