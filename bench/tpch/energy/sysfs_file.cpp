#include "sysfs_file.h"

#include <charconv>
#include <fstream>

namespace kiln::bench {

std::optional<std::string> readLine(const std::string& path) {
   std::ifstream in(path);
   std::string line;
   if (!in || !std::getline(in, line)) return std::nullopt;
   return line;
}

std::optional<uint64_t> readCounter(const std::string& path) {
   std::optional<std::string> line = readLine(path);
   if (!line) return std::nullopt;
   uint64_t value = 0;
   auto [end, error] = std::from_chars(line->data(), line->data() + line->size(), value);
   if (error != std::errc() || end == line->data()) return std::nullopt;
   return value;
}

}  // namespace kiln::bench
