#include "optimizer/passes/eager_aggregation.h"

#include "optimizer/conjuncts.h"
#include "optimizer/iu_sets.h"

namespace kiln {

std::unique_ptr<Operator> aggregateEagerly(std::unique_ptr<Operator> op, IUSet& ius, const CardinalityEstimator& estimates) {
   for (auto& child : op->children) child = aggregateEagerly(std::move(child), ius, estimates);
   if (op->kind != OperatorKind::Aggregate || op->child().kind != OperatorKind::Join) return op;
   auto& aggregate = static_cast<Aggregate&>(*op);
   auto& join = static_cast<Join&>(op->child());
   if ((join.joinKind != JoinKind::Inner && join.joinKind != JoinKind::LeftOuter) || !join.condition || aggregate.aggregates.empty()) return op;
   for (size_t side : {size_t(1), size_t(0)}) {
      if (side == 0 && join.joinKind != JoinKind::Inner) break;
      std::vector<const IU*> r = producedIUs(*join.children[side]), l = producedIUs(*join.children[1 - side]);
      bool fits = true;
      for (auto& key : aggregate.keys) {
         std::vector<const IU*> read;
         key.expression->collectIUs(read);
         fits = fits && coveredBy(read, l);
      }
      for (auto& call : aggregate.aggregates) {
         bool combinable = call.function == AggregateFunction::Count || call.function == AggregateFunction::Sum || call.function == AggregateFunction::Min ||
                           call.function == AggregateFunction::Max;
         std::vector<const IU*> read;
         if (call.argument) call.argument->collectIUs(read);
         fits = fits && combinable && !call.distinct && call.argument && coveredBy(read, r);
      }
      // The condition: equalities of an L column and an R column, nothing else.
      std::vector<ExprPtr> conjuncts;
      splitConjuncts(join.condition->clone(), conjuncts);
      std::vector<std::pair<const IU*, const IU*>> keys;  // (L, R)
      for (auto& c : conjuncts) {
         bool equality = c->kind == ExprKind::Comparison && c->compareOp() == CompareOp::Eq && c->children[0]->kind == ExprKind::ColumnRef &&
                         c->children[1]->kind == ExprKind::ColumnRef;
         if (!equality) {
            fits = false;
            break;
         }
         const IU *a = c->children[0]->iu, *b = c->children[1]->iu;
         if (coveredBy({a}, l) && coveredBy({b}, r)) keys.push_back({a, b});
         else if (coveredBy({a}, r) && coveredBy({b}, l)) keys.push_back({b, a});
         else fits = false;
      }
      if (!fits || keys.empty()) continue;

      // R grouped by its join keys, with the partial aggregates.
      auto partial = std::make_unique<Aggregate>();
      std::vector<ExprPtr> equalities;
      for (auto [left, right] : keys) {
         const IU* key = ius.make(right->type, right->nullable, right->name);
         partial->keys.push_back({key, Expr::columnRef(right)});
         equalities.push_back(Expr::equality(Expr::columnRef(left), Expr::columnRef(key)));
      }
      double joinRows = estimates.rows(join);
      partial->children.push_back(std::move(join.children[side]));
      // Worth it only when the groups are much fewer than R's rows, and when the join keeps most
      // of R: probing a small table drops R's rows for less than aggregating them costs (TPC-H
      // Q11's subquery keeps 4% of partsupp).
      double rRows = estimates.rows(partial->child());
      if (estimates.rows(*partial) * 4 > rRows || joinRows * 4 < rRows) {
         join.children[side] = std::move(partial->children[0]);
         continue;
      }
      // The aggregate above combines the partial results; a count becomes the sum of the partial
      // counts, 0 where a left row met none (its partial count is NULL after an outer join).
      auto counts = std::make_unique<Map>();
      for (auto& call : aggregate.aggregates) {
         const IU* part = ius.make(call.output->type, true, call.output->name);
         partial->aggregates.push_back({call.function, std::move(call.argument), part, false});
         if (call.function != AggregateFunction::Count) {
            call.argument = Expr::columnRef(part);
            continue;
         }
         SqlType sumType = SqlType::decimal(38, 0);
         const IU* total = ius.make(sumType, true, call.output->name);
         auto widened = std::make_unique<Expr>(ExprKind::Cast, sumType);
         widened->children.push_back(Expr::columnRef(part));
         auto isSet = std::make_unique<Expr>(ExprKind::IsNull, SqlType::boolean());
         isSet->negated = true;
         isSet->nullable = false;
         isSet->children.push_back(Expr::columnRef(total));
         auto narrowed = std::make_unique<Expr>(ExprKind::Cast, call.output->type);
         narrowed->children.push_back(Expr::columnRef(total));
         auto count = std::make_unique<Expr>(ExprKind::Case, call.output->type);
         count->nullable = false;
         count->hasElse = true;
         count->children.push_back(std::move(isSet));
         count->children.push_back(std::move(narrowed));
         count->children.push_back(Expr::constantOf(Value::ofInteger(call.output->type, 0)));
         counts->computations.push_back({call.output, std::move(count)});
         call = {AggregateFunction::Sum, std::move(widened), total, false};
      }
      join.children[side] = std::move(partial);
      join.condition = Expr::conjunction(std::move(equalities));
      if (counts->computations.empty()) return op;
      counts->children.push_back(std::move(op));
      return counts;
   }
   return op;
}

}  // namespace kiln
