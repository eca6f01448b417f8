// Statements bound for a snapshot, which may change nothing but their own result: a function
// that would change the database or the session (nextval, setval, set_config) fails with
// ReadOnlyViolation, PostgreSQL's 25006, while a ReadOnlyStatement lives on the thread.
#pragma once

#include "kiln/kiln.h"

namespace kiln {

/// Such a statement can still run in the writer's turn (where the session it changes is).
class ReadOnlyViolation : public Error {
   public:
   ReadOnlyViolation(const std::string& function, int position) : Error("25006", "cannot execute " + function + "() in a read-only transaction", position) {}
};

class ReadOnlyStatement {
   public:
   ReadOnlyStatement() : previous_(active_) { active_ = true; }
   ~ReadOnlyStatement() { active_ = previous_; }
   ReadOnlyStatement(const ReadOnlyStatement&) = delete;
   ReadOnlyStatement& operator=(const ReadOnlyStatement&) = delete;

   /// Throws ReadOnlyViolation for `function` when a read-only statement is being bound.
   static void checkWrite(const std::string& function, int position) {
      if (active_) throw ReadOnlyViolation(function, position);
   }

   private:
   static inline thread_local bool active_ = false;
   bool previous_;
};

}  // namespace kiln
