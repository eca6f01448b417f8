#include "optimizer/optimizer.h"

#include <atomic>
#include <chrono>

#include "optimizer/limited_recursion.h"
#include "optimizer/plan_check.h"

namespace kiln {

namespace {

std::atomic<bool> checkingPlans{false};

void annotateEstimates(Operator& op, const CardinalityEstimator& estimates) {
   op.estimatedRows = estimates.rows(op);
   for (auto& child : op.children) annotateEstimates(*child, estimates);
}

}  // namespace

void checkPlansAfterEachPass(bool on) { checkingPlans.store(on, std::memory_order_relaxed); }

void optimize(QueryPlan& plan, OptimizerTimes* times) {
   using Clock = std::chrono::steady_clock;
   if (plan.optimized) return;
   plan.optimized = true;
   bool checking = checkingPlans.load(std::memory_order_relaxed);
   if (checking) checkPlan(plan, "binding");
   OptimizerPassSet disabled = DisabledOptimizerPasses::current();
   // Reading the clock costs as much as a small pass: only when asked to.
   auto start = times ? Clock::now() : Clock::time_point();
   CardinalityEstimator estimates(*plan.root);
   PassContext context{estimates, plan.ius};
   auto passStart = times ? Clock::now() : Clock::time_point();
   for (const OptimizerPassInfo& pass : optimizerPasses()) {
      if (disabled & passBit(pass.pass)) continue;
      plan.root = pass.run(std::move(plan.root), context);
      if (times) {
         auto end = Clock::now();
         times->passes.push_back({pass.name, std::chrono::duration<double, std::milli>(end - passStart).count()});
         passStart = end;
      }
      if (checking) checkPlan(plan, pass.name);
   }
   // Not passes: a recursion that must stop where its LIMIT does (else it may never end), and the
   // estimates code generation sizes its hash tables and chooses its compiler by.
   limitRecursions(*plan.root);
   annotateEstimates(*plan.root, estimates);
   if (times) times->totalMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace kiln
