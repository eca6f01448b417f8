// ORDER BY inside aggregate calls (string_agg(name, ', ' ORDER BY name)): the aggregation's
// input is sorted, and hash aggregation then meets each group's rows in that order.
#include "parser/select_binder.h"

namespace kiln {

void SelectBinder::sortAggregateInput(std::vector<AggregateCall>& aggregates) {
   const std::vector<AggregateOrder>* order = nullptr;
   for (auto& call : aggregates) {
      if (call.order.empty()) continue;
      // One sort serves all calls: they must agree.
      if (order && *order != call.order)
         throw Error("0A000", "aggregates with different ORDER BY in one query are not supported", call.order[0].expression->position);
      order = &call.order;
   }
   if (!order) return;
   if (!correlated_.empty())
      throw Error("0A000", "ORDER BY inside an aggregate of a correlated subquery is not supported yet", (*order)[0].expression->position);
   auto keys = std::make_unique<Map>();
   auto sort = std::make_unique<Sort>();
   for (const AggregateOrder& item : *order) {
      const Expr& e = *item.expression;
      const IU* iu = e.kind == ExprKind::ColumnRef ? e.iu : nullptr;
      if (!iu) {
         iu = ius_.make(e.type, e.nullable, "aggregate order");
         keys->computations.push_back({iu, e.clone()});
      }
      sort->keys.push_back({iu, item.descending, item.nullsFirst});
   }
   if (!keys->computations.empty()) push(std::move(keys));
   push(std::move(sort));
   for (auto& call : aggregates) call.order.clear();
}

}  // namespace kiln
