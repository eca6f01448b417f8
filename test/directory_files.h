// The files of a database directory (not its lock) and their bytes: what recovery tests compare
// before and after an open.
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

inline std::map<std::string, std::string> directoryFiles(const std::string& directory) {
   std::map<std::string, std::string> contents;
   for (auto& entry : std::filesystem::directory_iterator(directory)) {
      if (!entry.is_regular_file() || entry.path().filename() == "lock") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      contents[entry.path().filename().string()] = bytes.str();
   }
   return contents;
}
