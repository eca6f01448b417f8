// The aggregation of a SELECT: its rows grouped by GROUP BY's keys (group_by_binder.cpp) with the
// aggregates (aggregate_binder.cpp) that the select list, HAVING, ORDER BY and the windows
// collect, HAVING's filter above it; after it, those clauses read the groups.
#include <algorithm>
#include <functional>
#include <numeric>

#include "parser/select_binder.h"

namespace kiln {

void SelectBinder::bindHaving() {
   if (select_.having_clause) clauses_.having = groupedClauseBinder(clauses::having).bindCondition(*select_.having_clause, "HAVING");
   // The select list's aggregates and HAVING's.
   if (recursion_ && recursion_->referenced && !clauses_.calls.aggregates.empty())
      throw Error("42P19", "aggregate functions are not allowed in a recursive query's recursive term");
}

std::optional<SelectBinder::Bound> SelectBinder::pushAggregation() {
   std::vector<Computation>& keys = clauses_.groupKeys;
   std::vector<GroupingSet>& groupingSets = clauses_.groupingSets;
   std::vector<AggregateCall>& aggregates = clauses_.calls.aggregates;
   std::vector<GroupingCall>& groupings = clauses_.calls.groupings;
   ExprPtr& having = clauses_.having;
   if (!correlated_.empty() && (!groupingSets.empty() || !groupings.empty()))
      throw Error("0A000", "grouping sets and GROUPING() in a correlated subquery are not supported yet");
   // GROUPING() over a plain GROUP BY: its one set has all keys.
   if (!groupings.empty() && groupingSets.empty()) {
      groupingSets.emplace_back(keys.size());
      std::iota(groupingSets[0].begin(), groupingSets[0].end(), size_t(0));
   }
   aggregateOverDomains(aggregates);
   bool aggregateRow = !correlated_.empty() && keys.empty() && !aggregates.empty();
   // Only a correlated aggregate without GROUP BY, computed per outer row, can read outer values after grouping.
   if (having && !aggregateRow && isCorrelated(*having))
      throw Error("0A000", "an outer query's value in HAVING of a subquery is not supported yet here", having->position);
   std::vector<const IU*> counts;
   for (auto& a : aggregates)
      if (a.function == AggregateFunction::Count || a.function == AggregateFunction::CountStar) counts.push_back(a.output);
   size_t userKeys = keys.size();
   if (!correlated_.empty() && (!keys.empty() || !aggregates.empty())) decorrelateGroups(keys);
   if (aggregateRow)
      for (auto& key : keys) const_cast<IU*>(key.output)->nullable = true;  // NULL for outer rows without a group
   attach(clauses_.aggregateInputJoins);
   if (keys.empty() && aggregates.empty() && !having && groupingSets.empty()) return std::nullopt;
   std::vector<const IU*> ungrouped = producedIUs(*root_);
   readGroups();
   // The subqueries joined above the aggregation read the grouping keys' values: GROUP BY's,
   // not those added for this query's correlation, except domains of values two levels out.
   std::vector<std::pair<const Expr*, const IU*>> readable;
   for (size_t k = 0; k < keys.size(); ++k) {
      const Expr& key = *keys[k].expression;
      bool domain = key.kind == ExprKind::ColumnRef && std::any_of(domains_.begin(), domains_.end(), [&](auto& d) { return d.second == key.iu; });
      if (k < userKeys || domain) readable.emplace_back(&key, keys[k].output);
   }
   auto orders = aggregateOrders(aggregates);
   if (orders.size() > 1) {
      if (!groupingSets.empty()) throw Error("0A000", "aggregates with different ORDER BY over grouping sets are not supported yet");
      aggregateByOrders(keys, aggregates, orders);
   } else if (groupingSets.empty()) {
      if (!orders.empty()) sortAggregateInput(aggregates, *orders[0]);
      auto aggregate = std::make_unique<Aggregate>();
      aggregate->keys = std::move(keys);  // their expressions stay where `readable` points
      aggregate->aggregates = std::move(aggregates);
      push(std::move(aggregate));
   } else {
      if (!orders.empty()) sortAggregateInput(aggregates, *orders[0]);
      aggregateByGroupingSets(keys, aggregates, groupingSets, groupings);
   }
   for (auto& pending : lateJoins_) overGroupsInSubquery(*pending.op, readable, ungrouped);
   if (aggregateRow) {
      if (!clauses_.calls.windows.empty())
         throw Error("0A000", "window functions over a correlated aggregate are not supported yet", clauses_.calls.windows[0].position);
      LimitAndOffset limits = bindLimit();
      return bindAggregateRow(std::move(having), counts, (limits.limit && *limits.limit == 0) || (limits.offset && *limits.offset > 0));
   }
   attach(lateJoins_);
   if (having) {
      auto filter = std::make_unique<Filter>();
      filter->condition = std::move(having);
      push(std::move(filter));
   }
   return std::nullopt;
}

void SelectBinder::readGroups() {
   const std::vector<Computation>& keys = clauses_.groupKeys;
   CollectedCalls& calls = clauses_.calls;
   for (auto& a : calls.aggregates) aggregateOutputs_.insert(a.output);
   for (const IU* iu : lateValues_) aggregateOutputs_.insert(iu);
   for (auto& call : calls.windows) aggregateOutputs_.insert(call.output);
   for (auto& call : calls.groupings) aggregateOutputs_.insert(call.output);
   if (calls.setReturning) aggregateOutputs_.insert(calls.setReturning->output);
   for (auto& target : targets_) target.bound = overGroups(std::move(target.bound), keys);
   // Window functions read the groups, like the select list.
   for (auto& call : calls.windows)
      for (auto& argument : call.arguments)
         if (argument) argument = overGroups(std::move(argument), keys);
   for (auto& spec : clauses_.windowSpecs) {
      for (auto& e : spec.partitionBy) e = overGroups(std::move(e), keys);
      for (auto& e : spec.orderBy) e = overGroups(std::move(e), keys);
   }
   if (clauses_.having) clauses_.having = overGroups(std::move(clauses_.having), keys);
   if (calls.setReturning) {
      calls.setReturning->start = overGroups(std::move(calls.setReturning->start), keys);
      if (calls.setReturning->stop) calls.setReturning->stop = overGroups(std::move(calls.setReturning->stop), keys);
   }
   for (auto& item : clauses_.orderBy)
      if (item.expression) item.expression = overGroups(std::move(item.expression), keys);
   for (auto& item : clauses_.distinctOn)
      if (item.expression) item.expression = overGroups(std::move(item.expression), keys);
}

std::string SelectBinder::qualifiedName(const IU* iu) const {
   for (auto& c : scope_.columns())
      if (c.iu == iu) return c.table + "." + c.name;
   return iu->name;
}

ExprPtr SelectBinder::overGroups(ExprPtr e, const std::vector<Computation>& keys) {
   for (auto& key : keys)
      if (e->equals(*key.expression)) return Expr::columnRef(key.output);
   if (e->kind == ExprKind::ColumnRef) {
      // An enclosing query's value is one value per group too.
      if (aggregateOutputs_.count(e->iu) || scope_.isOuter(e->iu)) return e;
      throw Error("42803", "column \"" + qualifiedName(e->iu) + "\" must appear in the GROUP BY clause or be used in an aggregate function", e->position);
   }
   for (auto& child : e->children) {
      bool wasNullable = child->nullable;
      child = overGroups(std::move(child), keys);
      // A key a grouping set lacks is NULL in its rows: what reads it may be NULL too (IS NULL
      // aside; conservatively for the rest).
      if (child->nullable && !wasNullable && e->kind != ExprKind::IsNull) e->nullable = true;
   }
   return e;
}

void SelectBinder::overGroupsInSubquery(Operator& op, const std::vector<std::pair<const Expr*, const IU*>>& keys, const std::vector<const IU*>& ungrouped) {
   // As in PostgreSQL, a subquery may read a key that is a column, not one that is an expression.
   std::function<ExprPtr(ExprPtr)> regroup = [&](ExprPtr e) -> ExprPtr {
      if (e->kind != ExprKind::ColumnRef) {
         for (auto& child : e->children) child = regroup(std::move(child));
         return e;
      }
      for (auto& [expression, output] : keys)
         if (e->equals(*expression)) return Expr::columnRef(output);
      if (std::find(ungrouped.begin(), ungrouped.end(), e->iu) != ungrouped.end())
         throw Error("42803", "subquery uses ungrouped column \"" + qualifiedName(e->iu) + "\" from outer query", e->position);
      return e;
   };
   // Only the operator's own expressions: its children are the subquery's, which reads no outer value.
   switch (op.kind) {
      case OperatorKind::Join: {
         auto& join = static_cast<Join&>(op);
         if (join.condition) join.condition = regroup(std::move(join.condition));
         break;
      }
      case OperatorKind::Map:
         for (auto& c : static_cast<Map&>(op).computations) c.expression = regroup(std::move(c.expression));
         break;
      case OperatorKind::Filter: {
         auto& filter = static_cast<Filter&>(op);
         filter.condition = regroup(std::move(filter.condition));
         break;
      }
      default: break;
   }
}

}  // namespace kiln
