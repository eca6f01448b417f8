#include "storage/file_sync.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "kiln/kiln.h"

namespace kiln {

void syncDirectory(const std::string& directory) {
   int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
   bool synced = fd >= 0 && ::fsync(fd) == 0;
   int error = errno;
   if (fd >= 0) ::close(fd);
   if (!synced) throw Error("58030", "could not sync directory \"" + directory + "\": " + std::strerror(error));
}

void syncDirectoryOf(const std::string& path) {
   std::string parent = std::filesystem::path(path).parent_path().string();
   syncDirectory(parent.empty() ? "." : parent);
}

}  // namespace kiln
