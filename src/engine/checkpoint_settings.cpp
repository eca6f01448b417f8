#include "engine/checkpoint_settings.h"

#include <climits>

#include "engine/unit_settings.h"

namespace kiln {

namespace {

constexpr UnitSetting checkpointTimeout{"checkpoint_timeout", SettingUnit::Seconds, 30, 86'400};
constexpr UnitSetting maxWalSize{"max_wal_size", SettingUnit::Megabytes, 2, INT_MAX};
constexpr UnitSetting snapshotMemoryLimit{"snapshot_memory_limit", SettingUnit::Megabytes, 0, INT_MAX};
constexpr uint64_t bytesPerMegabyte = uint64_t(1) << 20;

}  // namespace

bool setCheckpointSetting(OpenOptions& options, const std::string& name, const std::string& text) {
   if (name == checkpointTimeout.name) {
      options.checkpointTimeout = std::chrono::seconds(unitSettingValue(checkpointTimeout, text));
      return true;
   }
   if (name == maxWalSize.name) {
      options.maxWalSize = uint64_t(unitSettingValue(maxWalSize, text)) * bytesPerMegabyte;
      return true;
   }
   if (name == snapshotMemoryLimit.name) {
      options.snapshotMemoryLimit = uint64_t(unitSettingValue(snapshotMemoryLimit, text)) * bytesPerMegabyte;
      return true;
   }
   return false;
}

void OpenOptions::set(const std::string& name, const std::string& value) {
   if (!setCheckpointSetting(*this, name, value)) throw Error("42704", "unrecognized configuration parameter \"" + name + "\"");
}

std::optional<std::string> checkpointSettingText(const OpenOptions& options, const std::string& name) {
   if (name == checkpointTimeout.name) return unitSettingText(SettingUnit::Seconds, options.checkpointTimeout.count());
   if (name == maxWalSize.name) return unitSettingText(SettingUnit::Megabytes, int64_t(options.maxWalSize / bytesPerMegabyte));
   if (name == snapshotMemoryLimit.name) return unitSettingText(SettingUnit::Megabytes, int64_t(options.snapshotMemoryLimit / bytesPerMegabyte));
   return std::nullopt;
}

}  // namespace kiln
