// ORDER BY inside aggregate calls (string_agg(name, ', ' ORDER BY name)): the aggregation's
// input is sorted, and hash aggregation then meets each group's rows in that order. Calls with
// different ORDER BYs aggregate copies of the input, each sorted its way, and a last aggregation
// gathers each group's values from them.
#include "algebra/operator_copy.h"
#include "parser/select_binder.h"

namespace kiln {

namespace {

/// The sort of `input` by `order`, with a Map computing the keys that are not columns.
std::unique_ptr<Operator> sortedBy(const std::vector<AggregateOrder>& order, std::unique_ptr<Operator> input, IUSet& ius) {
   auto keys = std::make_unique<Map>();
   auto sort = std::make_unique<Sort>();
   for (const AggregateOrder& item : order) {
      const Expr& e = *item.expression;
      const IU* iu = e.kind == ExprKind::ColumnRef ? e.iu : nullptr;
      if (!iu) {
         iu = ius.make(e.type, e.nullable, "aggregate order");
         keys->computations.push_back({iu, e.clone()});
      }
      sort->keys.push_back({iu, item.descending, item.nullsFirst});
   }
   if (keys->computations.empty()) {
      sort->children.push_back(std::move(input));
   } else {
      keys->children.push_back(std::move(input));
      sort->children.push_back(std::move(keys));
   }
   return sort;
}

/// The operator at the bottom of a chain built by sortedBy, whose child is its input.
Operator& bottomOf(Operator& sort) { return sort.children[0]->kind == OperatorKind::Map ? *sort.children[0] : sort; }

}  // namespace

std::vector<const std::vector<AggregateOrder>*> SelectBinder::aggregateOrders(std::vector<AggregateCall>& aggregates) {
   std::vector<const std::vector<AggregateOrder>*> orders;
   for (auto& call : aggregates) {
      // Only string_agg (and array_agg, built on it) depends on the order it meets its values in.
      if (call.function != AggregateFunction::StringAgg) call.order.clear();
      if (call.order.empty()) continue;
      if (std::none_of(orders.begin(), orders.end(), [&](auto* order) { return *order == call.order; })) orders.push_back(&call.order);
   }
   return orders;
}

void SelectBinder::sortAggregateInput(std::vector<AggregateCall>& aggregates, const std::vector<AggregateOrder>& order) {
   root_ = sortedBy(order, std::move(root_), ius_);
   for (auto& call : aggregates) call.order.clear();
}

void SelectBinder::aggregateByOrders(const std::vector<Computation>& keys, std::vector<AggregateCall>& aggregates,
                                     const std::vector<const std::vector<AggregateOrder>*>& orders) {
   // Each call aggregates in the branch of its ORDER BY; calls without one, in the first.
   std::vector<size_t> branchOf(aggregates.size(), 0);
   for (size_t c = 0; c < aggregates.size(); ++c)
      for (size_t o = 0; o < orders.size(); ++o)
         if (!aggregates[c].order.empty() && aggregates[c].order == *orders[o]) branchOf[c] = o;
   auto all = std::make_unique<UnionAll>();
   for (const Computation& key : keys) all->columns.push_back(ius_.make(key.output->type, key.output->nullable, key.output->name));
   for (const AggregateCall& call : aggregates) all->columns.push_back(ius_.make(call.output->type, true, call.output->name));
   std::unique_ptr<Operator> input = std::move(root_);
   for (size_t o = 0; o < orders.size(); ++o) {
      auto aggregate = std::make_unique<Aggregate>();
      std::vector<const IU*> row;
      for (const Computation& key : keys) {
         row.push_back(ius_.make(key.output->type, key.expression->nullable, key.output->name));
         aggregate->keys.push_back({row.back(), key.expression->clone()});
      }
      std::vector<const IU*> values(aggregates.size(), nullptr);
      for (size_t c = 0; c < aggregates.size(); ++c) {
         if (branchOf[c] != o) continue;
         const AggregateCall& a = aggregates[c];
         values[c] = ius_.make(a.output->type, a.output->nullable, a.output->name);
         aggregate->aggregates.push_back(
            {a.function, a.argument ? a.argument->clone() : nullptr, values[c], a.distinct, a.delimiter ? a.delimiter->clone() : nullptr, a.descending});
      }
      aggregate->children.push_back(sortedBy(*orders[o], std::move(input), ius_));
      std::unique_ptr<Operator> branch = std::move(aggregate);
      if (o + 1 < orders.size()) {
         // All branches but the last aggregate copies of the input; the optimizer computes it
         // once when that pays.
         std::unordered_map<const IU*, const IU*> renamed;
         std::unique_ptr<Operator> copy = copyWithOwnIUs(*branch, ius_, renamed);
         if (!copy) throw Error("0A000", "aggregates with different ORDER BY over window functions or WITH RECURSIVE are not supported yet");
         input = std::move(bottomOf(*branch->children[0]).children[0]);
         branch = std::move(copy);
         for (const IU*& iu : row) iu = renamed.at(iu);
         for (const IU*& iu : values)
            if (iu) iu = renamed.at(iu);
      }
      // The other branches' calls are NULL in this branch's rows.
      auto nulls = std::make_unique<Map>();
      for (size_t c = 0; c < aggregates.size(); ++c) {
         if (values[c]) continue;
         values[c] = ius_.make(aggregates[c].output->type, true, aggregates[c].output->name);
         nulls->computations.push_back({values[c], Expr::constantOf(Value::null(values[c]->type))});
      }
      nulls->children.push_back(std::move(branch));
      row.insert(row.end(), values.begin(), values.end());
      all->inputs.push_back(std::move(row));
      all->children.push_back(std::move(nulls));
   }
   // Each group has a row from every branch, each call's value in one of them.
   auto gather = std::make_unique<Aggregate>();
   for (size_t k = 0; k < keys.size(); ++k) gather->keys.push_back({keys[k].output, Expr::columnRef(all->columns[k])});
   for (size_t c = 0; c < aggregates.size(); ++c)
      gather->aggregates.push_back({AggregateFunction::Max, Expr::columnRef(all->columns[keys.size() + c]), aggregates[c].output});
   root_ = std::move(all);
   push(std::move(gather));
}

}  // namespace kiln
