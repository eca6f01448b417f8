// The state of one aggregate (COUNT, SUM, AVG, MIN, MAX, variance, string_agg, a scalar
// subquery's value) in a materialized row: how it is laid out, updated and turned into the
// aggregate's value. Hash aggregation keeps one per group; window functions one per frame.
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "algebra/operator.h"
#include "codegen/sql_ops.h"
#include "codegen/translators/variance_state.h"
#include "common/row_layout.h"

namespace kiln {

/// The values of one input row an aggregate reads.
struct AggregateInput {
   SqlValue argument;   // none for COUNT(*)
   SqlValue delimiter;  // string_agg's
};

struct AggregateState {
   static constexpr size_t none = size_t(-1);

   size_t value;  // the accumulator (COUNT's count, string_agg's text, the variance's Sx)
   size_t extra;  // SUM/MIN/MAX/string_agg: "seen a value" flag (SUM: may be `none`); AVG: the count; SingleValue: the rows; variance: N
   size_t squares = 0;    // variance: Sxx
   int distinctSet = -1;  // DISTINCT: the field holding the group's set of seen values
   // False where an earlier state of the same aggregation accumulates the same field.
   bool ownsValue = true;
   bool ownsExtra = true;

   /// Appends the state's fields (all zero when empty) to `fields`; DISTINCT's set is not among them.
   static AggregateState layOut(const AggregateCall& call, std::vector<std::pair<SqlType, bool>>& fields);

   /// The states of all of an aggregation's `calls`, sharing fields that accumulate the same
   /// thing: AVG(x)'s sum with SUM(x), AVG(x)'s count with COUNT(x), and for a non-NULL x,
   /// COUNT(x) with COUNT(*). Every group (`grouped`) has a row, so there the SUM of a non-NULL
   /// x needs no "seen a value" flag.
   static std::vector<AggregateState> layOutAll(const std::vector<AggregateCall>& calls, bool grouped, std::vector<std::pair<SqlType, bool>>& fields);

   /// Adds the row's `input` to the state in `entry`. `admit`, when given, runs the accumulation
   /// of a non-NULL argument or not (DISTINCT's first-seen check).
   void update(CodeContext& cx, llvm::Value* entry, const RowLayout& layout, const AggregateCall& call, const AggregateInput& input,
               const std::function<void(const std::function<void()>&)>& admit = {}) const;

   /// The variance's fields in `entry`.
   VarianceFields varianceFields(CodeContext& cx, llvm::Value* entry, const RowLayout& layout) const;
   /// Whether partial states of the call can be added into one (see AggregateTranslator::merge).
   static bool mergeable(const AggregateCall& call) { return call.function != AggregateFunction::StringAgg && !isOrderedSet(call); }
   /// percentile_cont, percentile_disc, mode: the group's values go to a list (ValueLists).
   static bool isOrderedSet(const AggregateCall& call) {
      return call.function == AggregateFunction::PercentileCont || call.function == AggregateFunction::PercentileDisc ||
             call.function == AggregateFunction::Mode;
   }

   /// The aggregate's value from the state in `entry`.
   SqlValue result(CodeContext& cx, llvm::Value* entry, const RowLayout& layout, const AggregateCall& call) const;

   /// An ordered-set aggregate's value from its group's list (the field's word).
   static SqlValue orderedSetResult(CodeContext& cx, llvm::Value* listWord, const AggregateCall& call);

   /// Adds a non-NULL `argument` to the sum in `field` of `entry`.
   static void accumulateSum(CodeContext& cx, llvm::Value* entry, const RowLayout::Field& field, const SqlValue& argument);

   /// The accumulator's type for AVG.
   static SqlType averageAccumulator(const AggregateCall& call);
};

/// a + b of two sums of one type: floats as they are, intervals field by field, NUMERICs exactly,
/// integers and decimals raising the type's overflow error.
SqlValue addAccumulated(CodeContext& cx, const SqlValue& a, const SqlValue& b);

/// The comparison of a new value with MIN's or MAX's so far under which the new one replaces it.
/// Equal values that show differently ('1 mon' and '30 days', -0 and 0) end as PostgreSQL's do:
/// its smaller/larger functions keep the earlier value only when it is strictly better.
CompareOp replacingComparison(AggregateFunction function, SqlType type);

}  // namespace kiln
