#include "optimizer/passes/semi_join_reduction.h"

#include <optional>

#include "optimizer/conjuncts.h"
#include "optimizer/iu_sets.h"

namespace kiln {

namespace {

/// A copy of a (filtered) table scan, or nullptr for anything else. The copy produces the same
/// IUs; it serves as a semi join's build side, where they do not travel further.
std::unique_ptr<Operator> cloneFilteredScan(const Operator& op) {
   if (op.kind == OperatorKind::TableScan) {
      auto& scan = static_cast<const TableScan&>(op);
      if (scan.rowId) return nullptr;
      auto copy = std::make_unique<TableScan>(scan.table);
      copy->columns = scan.columns;
      copy->estimatedRows = scan.estimatedRows;
      return copy;
   }
   if (op.kind != OperatorKind::Filter) return nullptr;
   auto child = cloneFilteredScan(op.child());
   if (!child) return nullptr;
   auto filter = std::make_unique<Filter>();
   filter->condition = static_cast<const Filter&>(op).condition->clone();
   filter->estimatedRows = op.estimatedRows;
   filter->children.push_back(std::move(child));
   return filter;
}

/// The smallest part of `op` (descending through inner and semi joins, which only drop rows)
/// whose rows carry every value of `ius` that `op`'s rows carry.
const Operator* domainSource(const Operator& op, const std::vector<const IU*>& ius) {
   if (op.kind == OperatorKind::Join) {
      auto& join = static_cast<const Join&>(op);
      size_t sides = join.joinKind == JoinKind::Inner ? 2 : join.joinKind == JoinKind::Semi ? 1 : 0;
      for (size_t side = 0; side < sides; ++side)
         if (coveredBy(ius, producedIUs(*op.children[side]))) return domainSource(*op.children[side], ius);
   }
   return &op;
}

/// A semi join inside `op` (through inner joins and the left sides of semi joins) whose condition
/// equates some of `keys` with columns of its right side, a (filtered) table: that side, and the
/// pairs (key, its column there).
struct SemiJoinDomain {
   const Operator* source;
   std::vector<std::pair<const IU*, const IU*>> keys;
};

std::optional<SemiJoinDomain> semiJoinDomain(const Operator& op, const std::vector<const IU*>& keys) {
   if (op.kind != OperatorKind::Join) return std::nullopt;
   auto& join = static_cast<const Join&>(op);
   if (join.joinKind == JoinKind::Semi && join.condition) {
      std::vector<const IU*> right = producedIUs(*op.children[1]);
      SemiJoinDomain domain{op.children[1].get(), {}};
      for (const Expr* e : equalityConjuncts(*join.condition))
         for (int side = 0; side < 2; ++side) {
            const Expr& a = *e->children[size_t(side)];
            const Expr& b = *e->children[size_t(1 - side)];
            if (a.kind == ExprKind::ColumnRef && b.kind == ExprKind::ColumnRef && coveredBy({a.iu}, keys) && coveredBy({b.iu}, right) && a.type == b.type)
               domain.keys.push_back({a.iu, b.iu});
         }
      if (!domain.keys.empty() && cloneFilteredScan(*domain.source)) return domain;
      return semiJoinDomain(*op.children[0], keys);
   }
   if (join.joinKind != JoinKind::Inner) return std::nullopt;
   for (auto& child : op.children)
      if (coveredBy(keys, producedIUs(*child))) return semiJoinDomain(*child, keys);
   return std::nullopt;
}

/// A semi join over an inner join, one of whose sides alone holds the values the semi join
/// tests, goes below the inner join onto that side when it keeps a smaller share of that side's
/// rows than the inner join does: the more selective test comes first, and the other sees fewer
/// rows (TPC-H Q2: partsupp is probed against the 0.4% of parts wanted before its suppliers).
std::unique_ptr<Operator> pushSemiJoinDown(std::unique_ptr<Join> semi, const CardinalityEstimator& estimates) {
   Operator& below = *semi->children[0];
   if (below.kind != OperatorKind::Join || static_cast<Join&>(below).joinKind != JoinKind::Inner) return semi;
   std::vector<const IU*> used, tested;
   semi->condition->collectIUs(used);
   std::vector<const IU*> fromBelow = producedIUs(below);
   for (const IU* iu : used)
      if (coveredBy({iu}, fromBelow)) tested.push_back(iu);
   for (auto& input : below.children) {
      if (!coveredBy(tested, producedIUs(*input))) continue;
      double inputRows = estimates.rows(*input);
      double joinShare = estimates.rows(below) / std::max(inputRows, 1.0);
      double semiShare = estimates.rows(*semi) / std::max(estimates.rows(below), 1.0);
      if (!(semiShare < joinShare)) return semi;
      std::unique_ptr<Operator> join = std::move(semi->children[0]);
      semi->children[0] = std::move(input);
      input = pushSemiJoinDown(std::move(semi), estimates);
      return join;
   }
   return semi;
}

}  // namespace

std::unique_ptr<Operator> reduceAggregatesToDomain(std::unique_ptr<Operator> op, const CardinalityEstimator& estimates) {
   for (auto& child : op->children) child = reduceAggregatesToDomain(std::move(child), estimates);
   if (op->kind != OperatorKind::Join) return op;
   auto& join = static_cast<Join&>(*op);
   if ((join.joinKind != JoinKind::Inner && join.joinKind != JoinKind::LeftOuter) || !join.condition) return op;
   Operator* grouped = join.children[1].get();
   while (grouped->kind == OperatorKind::Map) grouped = &grouped->child();
   if (grouped->kind != OperatorKind::Aggregate) return op;
   auto& aggregate = static_cast<Aggregate&>(*grouped);
   // Equalities between an outer IU and a group key that is an input column.
   std::vector<const IU*> outerKeys, inputKeys;
   std::vector<const IU*> outer = producedIUs(*join.children[0]);
   for (const Expr* equality : equalityConjuncts(*join.condition)) {
      const Expr& e = *equality;
      for (int side = 0; side < 2; ++side) {
         const Expr& a = *e.children[size_t(side)];
         const Expr& b = *e.children[size_t(1 - side)];
         if (a.kind != ExprKind::ColumnRef || b.kind != ExprKind::ColumnRef || !coveredBy({a.iu}, outer)) continue;
         for (auto& key : aggregate.keys)
            if (key.output == b.iu && key.expression->kind == ExprKind::ColumnRef && key.expression->type == a.type) {
               outerKeys.push_back(a.iu);
               inputKeys.push_back(key.expression->iu);
            }
      }
   }
   if (outerKeys.empty()) return op;
   const Operator* source = domainSource(*join.children[0], outerKeys);
   // A semi join below may restrict some keys further: its other side is then a smaller domain
   // for those keys (TPC-H Q20: the parts named 'forest%' rather than all of partsupp).
   std::vector<const IU*> domainKeys = outerKeys;
   if (auto narrower = semiJoinDomain(*join.children[0], outerKeys); narrower && estimates.rows(*narrower->source) < estimates.rows(*source)) {
      source = narrower->source;
      std::vector<const IU*> kept;
      domainKeys.clear();
      for (auto [outerKey, domainKey] : narrower->keys) {
         domainKeys.push_back(domainKey);
         kept.push_back(inputKeys[size_t(std::find(outerKeys.begin(), outerKeys.end(), outerKey) - outerKeys.begin())]);
      }
      inputKeys = kept;
      outerKeys = domainKeys;
   }
   // Worth it when the domain is much smaller than what the aggregate reads.
   if (estimates.rows(*source) * 10 > estimates.rows(aggregate.child())) return op;
   auto domain = cloneFilteredScan(*source);
   if (!domain) return op;
   std::vector<ExprPtr> equalities;
   for (size_t i = 0; i < outerKeys.size(); ++i) {
      auto e = std::make_unique<Expr>(ExprKind::Comparison, SqlType::boolean());
      e->op = uint8_t(CompareOp::Eq);
      e->children.push_back(Expr::columnRef(inputKeys[i]));
      e->children.push_back(Expr::columnRef(outerKeys[i]));
      e->nullable = e->children[0]->nullable || e->children[1]->nullable;
      equalities.push_back(std::move(e));
   }
   auto semi = std::make_unique<Join>(JoinKind::Semi);
   semi->condition = Expr::conjunction(std::move(equalities));
   semi->children.push_back(std::move(aggregate.children[0]));
   semi->children.push_back(std::move(domain));
   aggregate.children[0] = pushSemiJoinDown(std::move(semi), estimates);
   return op;
}

}  // namespace kiln
