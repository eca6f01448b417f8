// Cancelling a running statement (Ctrl-C in the shell, Connection::cancel()): the connection
// running a statement points its thread at its cancel flag, which any thread or a signal handler
// may set; long-running loops test it between blocks of work and stop with PostgreSQL's 57014.
#pragma once

#include <atomic>

#include "kiln/kiln.h"

namespace kiln {

class StatementInterrupt {
   public:
   /// While it lives, check() on this thread tests `flag`.
   explicit StatementInterrupt(const std::atomic<bool>& flag) : previous_(current_) { current_ = &flag; }
   ~StatementInterrupt() { current_ = previous_; }
   StatementInterrupt(const StatementInterrupt&) = delete;
   StatementInterrupt& operator=(const StatementInterrupt&) = delete;

   /// Throws 57014 when the running statement was asked to stop.
   static void check() {
      if (current_ && current_->load(std::memory_order_relaxed)) throw Error("57014", "canceling statement due to user request");
   }

   /// The flag check() tests on this thread; nullptr for none.
   static const std::atomic<bool>* installed() { return current_; }

   private:
   static inline thread_local const std::atomic<bool>* current_ = nullptr;
   const std::atomic<bool>* previous_;
};

}  // namespace kiln
