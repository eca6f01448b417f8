// Reading the one-value files of sysfs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace kiln::bench {

/// The first line of a file, without its newline; nullopt when it cannot be read.
std::optional<std::string> readLine(const std::string& path);
/// An unsigned decimal number from a file; nullopt when unreadable or not a number.
std::optional<uint64_t> readCounter(const std::string& path);

}  // namespace kiln::bench
