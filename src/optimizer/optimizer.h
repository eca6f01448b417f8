// Rewrites a bound plan into one worth running: the passes of optimizer_pass.h in their order,
// but those the session switched off, then the annotations code generation reads.
#pragma once

#include <vector>

#include "algebra/operator.h"
#include "optimizer/optimizer_pass.h"

namespace kiln {

/// What optimize() took (EXPLAIN ANALYZE shows it): in all, and each pass it ran, in order.
struct OptimizerTimes {
   struct Pass {
      const char* name;
      double ms;
   };
   double totalMs = 0;
   std::vector<Pass> passes;
};

/// Optimizes `plan` once (an optimized plan stays as it is); with `times`, timing it there.
void optimize(QueryPlan& plan, OptimizerTimes* times = nullptr);

/// The passes the running statement's session switched off (SET disabled_optimizer_passes): the
/// connection running a statement points its thread at them, as at its time zone.
class DisabledOptimizerPasses {
   public:
   static OptimizerPassSet current() { return current_; }

   class Scope {
      public:
      explicit Scope(OptimizerPassSet passes) : previous_(current_) { current_ = passes; }
      ~Scope() { current_ = previous_; }
      Scope(const Scope&) = delete;
      Scope& operator=(const Scope&) = delete;

      private:
      OptimizerPassSet previous_;
   };

   private:
   static inline thread_local OptimizerPassSet current_ = 0;
};

/// For tests: from now on, optimize() checks the plan as bound and after each pass (plan_check.h),
/// throwing XX000 with the pass's name for a malformed one.
void checkPlansAfterEachPass(bool on);

}  // namespace kiln
