// SET lock_timeout and statement_timeout, in milliseconds (0, the default: no limit).
// lock_timeout: how long a statement waits for its turn (another connection's transaction to
// end) before it fails with 55P03, as PostgreSQL's waits for a lock. statement_timeout: how long a
// statement may take, its wait included, before it is cancelled with 57014.
#pragma once

#include <cstdint>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "engine/unit_settings.h"

namespace kiln {

/// The milliseconds SET lock_timeout (or statement_timeout) gives, in PostgreSQL's forms: a number of milliseconds, or a
/// string with a unit (us, ms, s, min, h, d); DEFAULT and RESET give 0. Throws 22023 for anything
/// else or a value past 0 .. 2147483647 ms.
int64_t timeoutSetting(const PgQuery__VariableSetStmt& set);
/// The value SET gives a setting in a unit (DEFAULT and RESET: `defaultValue`), as timeoutSetting reads it.
int64_t unitSettingOf(const PgQuery__VariableSetStmt& set, const UnitSetting& setting, int64_t defaultValue);

/// The milliseconds in `text` for the timeout setting `name`, read as lock_timeout's strings are.
int64_t millisecondsSetting(const std::string& name, const std::string& text);

/// SHOW lock_timeout (statement_timeout): "0", or the value in the largest unit that shows it exactly ("1500ms", "2s").
std::string timeoutText(int64_t milliseconds);

}  // namespace kiln
