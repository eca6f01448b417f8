#include "engine/snapshot_settings.h"

#include <cmath>
#include <optional>

#include "engine/passive_settings.h"

namespace kiln {

namespace {

/// The value's text, lowercase; nullopt for RESET or DEFAULT.
std::optional<std::string> loweredValue(const PgQuery__VariableSetStmt& set) {
   if (set.kind != PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE || set.n_args == 0) return std::nullopt;
   return asciiLowercase(flattenedSetValue(set, false));
}

std::optional<bool> booleanText(const std::string& text) {
   for (const char* yes : {"on", "true", "yes", "1"})
      if (text == yes) return true;
   for (const char* no : {"off", "false", "no", "0"})
      if (text == no) return false;
   return std::nullopt;
}

Error invalidValue(const std::string& name, const std::string& value, const std::string& hint = {}) {
   return Error("22023", "invalid value for parameter \"" + name + "\": \"" + value + "\"", 0, {}, hint);
}

}  // namespace

SnapshotReads snapshotReadsSetting(const PgQuery__VariableSetStmt& set) {
   std::optional<std::string> value = loweredValue(set);
   if (!value || *value == "auto") return SnapshotReads::Auto;
   if (std::optional<bool> on = booleanText(*value)) return *on ? SnapshotReads::On : SnapshotReads::Off;
   throw invalidValue("snapshot_reads", *value, "Available values: auto, on, off.");
}

const char* snapshotReadsText(SnapshotReads reads) { return reads == SnapshotReads::Auto ? "auto" : reads == SnapshotReads::On ? "on" : "off"; }

int64_t snapshotMinRowsSetting(const PgQuery__VariableSetStmt& set) {
   std::optional<std::string> value = loweredValue(set);
   if (!value) return 100000;
   size_t used = 0;
   double rows = -1;
   try {
      rows = std::stod(*value, &used);
   } catch (const std::exception&) {}
   if (used != value->size() || !(rows >= 0 && rows <= 9007199254740992.0) || rows != std::floor(rows))
      throw invalidValue("snapshot_min_rows", *value, "A whole number of rows, 0 or more.");
   return int64_t(rows);
}

bool booleanSetting(const PgQuery__VariableSetStmt& set, const std::string& name, bool defaultValue) {
   std::optional<std::string> value = loweredValue(set);
   if (!value) return defaultValue;
   if (std::optional<bool> on = booleanText(*value)) return *on;
   throw Error("22023", "parameter \"" + name + "\" requires a Boolean value");
}

}  // namespace kiln
