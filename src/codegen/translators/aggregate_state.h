// The state of one aggregate (COUNT, SUM, AVG, MIN, MAX, a scalar subquery's value) in a
// materialized row: how it is laid out, updated and turned into the aggregate's value. Hash
// aggregation keeps one per group; window functions one per frame.
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "algebra/operator.h"
#include "codegen/sql_ops.h"
#include "common/row_layout.h"

namespace kiln {

struct AggregateState {
   size_t value;  // the accumulator (COUNT's count)
   size_t extra;  // SUM/MIN/MAX: "seen a value" flag; AVG: the count; SingleValue: the rows
   int distinctSet = -1;  // DISTINCT: the field holding the group's set of seen values

   /// Appends the state's fields (all zero when empty) to `fields`; DISTINCT's set is not among them.
   static AggregateState layOut(const AggregateCall& call, std::vector<std::pair<SqlType, bool>>& fields);

   /// Adds `argument` (nothing for COUNT(*)) to the state in `entry`. `admit`, when given, runs
   /// the accumulation of a non-NULL value or not (DISTINCT's first-seen check).
   void update(CodeContext& cx, llvm::Value* entry, const RowLayout& layout, const AggregateCall& call, const SqlValue& argument,
               const std::function<void(const std::function<void()>&)>& admit = {}) const;

   /// The aggregate's value from the state in `entry`.
   SqlValue result(CodeContext& cx, llvm::Value* entry, const RowLayout& layout, const AggregateCall& call) const;

   /// The accumulator's type for AVG.
   static SqlType averageAccumulator(const AggregateCall& call);
};

/// a + b for integers or decimals of one type, raising the type's overflow error.
SqlValue checkedAdd(CodeContext& cx, const SqlValue& a, const SqlValue& b);

}  // namespace kiln
