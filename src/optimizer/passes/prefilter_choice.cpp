#include "optimizer/passes/prefilter_choice.h"

namespace kiln {

namespace {

bool mostFail(double passingRows, double rows) { return passingRows <= prefilterMaxPassingShare * rows; }

}  // namespace

void choosePrefilters(Operator& op, const CardinalityEstimator& estimates) {
   for (auto& child : op.children) choosePrefilters(*child, estimates);
   if (op.kind == OperatorKind::Filter) {
      auto& filter = static_cast<Filter&>(op);
      filter.prefilterInScan = op.child().kind == OperatorKind::TableScan && mostFail(estimates.rows(filter), estimates.rows(op.child()));
      return;
   }
   if (op.kind != OperatorKind::Join) return;
   auto& join = static_cast<Join&>(op);
   if (join.buildLeft) {
      // The right side probes; a probing row without a partner marks nothing and emits nothing.
      // About (left rows / right rows) of them find one, where the left keys are distinct.
      join.probeKeyBitmap = mostFail(estimates.rows(*join.children[0]), estimates.rows(*join.children[1]));
   } else {
      // The left side probes; a probing row without a partner must be dropped (not so in outer
      // and anti joins).
      bool dropsUnmatched = join.joinKind == JoinKind::Inner || join.joinKind == JoinKind::Semi;
      join.probeKeyBitmap = dropsUnmatched && mostFail(estimates.rows(join), estimates.rows(*join.children[0]));
   }
}

}  // namespace kiln
