// Runs a script on kiln in a forked child process, on a fresh in-memory database, so that a
// crash or a hang of kiln ends only the child: it is reported as the outcome of the statement
// that was running. The child streams each statement's outcome back through a pipe.
#pragma once

#include "outcome.h"

#include <sys/types.h>
#include <chrono>
#include <string>
#include <vector>

namespace kiln::fuzz {

class KilnRun {
   public:
   /// Forks the child, which starts on the statements at once.
   KilnRun(const std::vector<std::string>& statements, std::chrono::milliseconds timeout);
   KilnRun(const KilnRun&) = delete;
   KilnRun& operator=(const KilnRun&) = delete;
   ~KilnRun();

   /// Waits for the child (killing it once `timeout` has passed since this call) and returns an
   /// outcome per statement it got to: the last is a Crash or Hang when it did not finish.
   Outcomes finish();

   private:
   pid_t child_ = -1;
   int pipe_ = -1;
   size_t statements_;
   std::chrono::milliseconds timeout_;
};

}  // namespace kiln::fuzz
