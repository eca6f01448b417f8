#include "storage/directory_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "kiln/kiln.h"

namespace kiln {

DirectoryLock::DirectoryLock(const std::string& directory) {
   std::string path = directory + "/lock";
   fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
   if (fd_ < 0) throw Error("58030", "could not open lock file \"" + path + "\": " + std::strerror(errno));
   int locked;
   while ((locked = ::flock(fd_, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {}
   if (locked != 0) {
      int cause = errno;
      char holder[32] = {};
      ssize_t n = ::pread(fd_, holder, sizeof(holder) - 1, 0);
      ::close(fd_);
      fd_ = -1;
      if (cause != EWOULDBLOCK) throw Error("58030", "could not lock \"" + path + "\": " + std::strerror(cause));
      std::string pid(holder, size_t(n > 0 ? n : 0));
      while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
      throw Error("55006", "database \"" + directory + "\" is in use by another process" + (pid.empty() ? "" : " (PID " + pid + ")"));
   }
   // Who holds it, for the message a second process gets (the lock holds without it).
   std::string pid = std::to_string(::getpid()) + "\n";
   [[maybe_unused]] bool noted = ::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, pid.data(), pid.size(), 0) == ssize_t(pid.size());
}

void DirectoryLock::leaveToParent() {
   ::close(fd_);
   fd_ = -1;
}

DirectoryLock::~DirectoryLock() {
   if (fd_ >= 0) ::close(fd_);
}

}  // namespace kiln
