#include "engine/memory_limit_setting.h"

#include <climits>

#include "common/memory_limit.h"
#include "engine/timeout_settings.h"
#include "engine/unit_settings.h"
#include "kiln/kiln.h"

namespace kiln {

namespace {

constexpr uint64_t bytesPerMegabyte = uint64_t(1) << 20;
constexpr UnitSetting memoryLimitSetting{memoryLimitName, SettingUnit::Megabytes, 0, INT_MAX};

}  // namespace

void applyMemoryLimitSetting(const PgQuery__VariableSetStmt& set, bool inTransaction) {
   if (inTransaction || set.is_local)
      throw Error("25001", "SET memory_limit cannot run inside a transaction block", 0,
                  "memory_limit is the whole process's, so a rollback could not undo it.");
   int64_t defaultMb = int64_t(defaultMemoryLimit() / bytesPerMegabyte);
   setMemoryLimit(uint64_t(unitSettingOf(set, memoryLimitSetting, defaultMb)) * bytesPerMegabyte);
}

std::string memoryLimitText() { return unitSettingText(SettingUnit::Megabytes, int64_t(memoryLimit() / bytesPerMegabyte)); }

}  // namespace kiln
