// The lock a process holds on a database directory while it has the database open: a second
// process (or a second Database in this one) would write log files and checkpoints of its own
// beside the first's, and recovery would interleave them. The lock is flock() on the file "lock",
// which the system releases when the process ends, however it ends: no stale locks to clean up.
#pragma once

#include <string>

namespace kiln {

class DirectoryLock {
   public:
   /// Locks `directory` (which exists); throws 55006 naming the holder's process when another
   /// open database holds it.
   explicit DirectoryLock(const std::string& directory);
   ~DirectoryLock();
   DirectoryLock(const DirectoryLock&) = delete;
   DirectoryLock& operator=(const DirectoryLock&) = delete;
   /// In a forked child: closes the inherited descriptor without unlocking, so that the lock ends
   /// with the process that took it (a checkpoint still being written after a crash keeps none).
   void leaveToParent();

   private:
   int fd_ = -1;
};

}  // namespace kiln
