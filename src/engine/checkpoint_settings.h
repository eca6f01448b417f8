// checkpoint_timeout and max_wal_size, which say when checkpoints are written, and
// snapshot_memory_limit (OpenOptions): the database's own, fixed while it is open, so SET fails
// with 55P02 as PostgreSQL's does for them.
#pragma once

#include <optional>
#include <string>

#include "kiln/kiln.h"

namespace kiln {

/// Sets setting `name` of `options` from `text` as PostgreSQL reads it ("5min", "1GB"); false
/// when `name` is not one of these. Throws 22023 for a bad value.
bool setCheckpointSetting(OpenOptions& options, const std::string& name, const std::string& text);
/// SHOW's text of `name`, if it is one of these.
std::optional<std::string> checkpointSettingText(const OpenOptions& options, const std::string& name);
/// Their names, for SHOW ALL.
inline constexpr const char* checkpointSettingNames[] = {"checkpoint_timeout", "max_wal_size", "snapshot_memory_limit"};

}  // namespace kiln
