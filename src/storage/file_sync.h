// Making changes to a directory durable: a file created, renamed or removed is only certain to
// survive a power failure once the directory holding it has been synced.
#pragma once

#include <string>

namespace kiln {

/// fsync()s `directory`; throws 58030 when that fails.
void syncDirectory(const std::string& directory);
/// Syncs the directory that holds `path`.
void syncDirectoryOf(const std::string& path);

}  // namespace kiln
