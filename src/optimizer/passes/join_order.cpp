#include "optimizer/passes/join_order.h"

#include "optimizer/conjuncts.h"
#include "optimizer/dynamic_programming_join_order.h"
#include "optimizer/equivalence_classes.h"
#include "optimizer/greedy_join_order.h"
#include "optimizer/iu_sets.h"

namespace kiln {

namespace {

bool isFilteringJoin(const Operator& op) {
   if (op.kind != OperatorKind::Join) return false;
   JoinKind kind = static_cast<const Join&>(op).joinKind;
   return kind == JoinKind::Semi || kind == JoinKind::Anti || kind == JoinKind::NullAwareAnti;
}

bool isRegionNode(const Operator& op) {
   return op.kind == OperatorKind::Filter || (op.kind == OperatorKind::Join && static_cast<const Join&>(op).joinKind == JoinKind::Inner) || isFilteringJoin(op);
}

/// A semi or anti join found in a region: it filters the region's tuples, and may be applied to
/// the one relation it reads (early, when it is selective) or to the region's result.
struct FilteringJoin {
   std::unique_ptr<Join> join;  // its left child is filled in where it is placed
   std::vector<const IU*> leftIUs;
};

/// Takes a region apart into its relations, predicates and filtering joins.
void collect(std::unique_ptr<Operator> op, std::vector<Relation>& relations, std::vector<ExprPtr>& predicates, std::vector<FilteringJoin>& filteringJoins) {
   if (op->kind == OperatorKind::Filter) {
      splitConjuncts(std::move(static_cast<Filter&>(*op).condition), predicates);
      return collect(std::move(op->children[0]), relations, predicates, filteringJoins);
   }
   if (isFilteringJoin(*op)) {
      std::unique_ptr<Join> join(static_cast<Join*>(op.release()));
      std::unique_ptr<Operator> left = std::move(join->children[0]);
      join->children.erase(join->children.begin());
      std::vector<const IU*> used, rightIUs = producedIUs(*join->children[0]), leftIUs;
      if (join->condition) join->condition->collectIUs(used);
      for (const IU* iu : used)
         if (!contains(rightIUs, iu)) leftIUs.push_back(iu);
      filteringJoins.push_back({std::move(join), std::move(leftIUs)});
      return collect(std::move(left), relations, predicates, filteringJoins);
   }
   if (op->kind == OperatorKind::Join && static_cast<Join&>(*op).joinKind == JoinKind::Inner) {
      auto& join = static_cast<Join&>(*op);
      if (join.condition) splitConjuncts(std::move(join.condition), predicates);
      collect(std::move(op->children[0]), relations, predicates, filteringJoins);
      return collect(std::move(op->children[1]), relations, predicates, filteringJoins);
   }
   Relation relation;
   relation.op = std::move(op);
   relation.ius = producedIUs(*relation.op);
   relations.push_back(std::move(relation));
}

/// (a AND x) OR (a AND y) = a AND (x OR y): a join condition repeated in every branch of an OR
/// becomes a join condition of its own.
ExprPtr factorOr(ExprPtr e) {
   if (e->kind != ExprKind::Or) return e;
   auto conjunctsOf = [](const Expr& branch) {
      std::vector<const Expr*> parts;
      if (branch.kind == ExprKind::And)
         for (auto& c : branch.children) parts.push_back(c.get());
      else parts.push_back(&branch);
      return parts;
   };
   std::vector<ExprPtr> common;
   for (const Expr* candidate : conjunctsOf(*e->children[0])) {
      bool everywhere = true;
      for (size_t i = 1; i < e->children.size() && everywhere; ++i) {
         bool found = false;
         for (const Expr* other : conjunctsOf(*e->children[i])) found |= other->equals(*candidate);
         everywhere = found;
      }
      if (everywhere) common.push_back(candidate->clone());
   }
   if (common.empty()) return e;
   for (auto& branch : e->children) {
      std::vector<ExprPtr> rest;
      if (branch->kind == ExprKind::And) {
         for (auto& c : branch->children) {
            bool isCommon = false;
            for (auto& k : common) isCommon |= k->equals(*c);
            if (!isCommon) rest.push_back(std::move(c));
         }
      }
      // A branch that was only common conjuncts is TRUE: so is the whole OR.
      if (rest.empty()) return Expr::conjunction(std::move(common));
      branch = Expr::conjunction(std::move(rest));
   }
   common.push_back(std::move(e));
   return Expr::conjunction(std::move(common));
}

bool preservesLeft(const Operator& op) {
   if (op.kind != OperatorKind::Join) return false;
   JoinKind kind = static_cast<const Join&>(op).joinKind;
   return kind == JoinKind::LeftOuter || kind == JoinKind::Semi || kind == JoinKind::Anti || kind == JoinKind::NullAwareAnti;
}

/// Orders the joins of each region, with each predicate where it first applies.
class JoinOrdering {
   public:
   explicit JoinOrdering(const CardinalityEstimator& estimates) : estimates_(estimates) {}
   std::unique_ptr<Operator> optimizeTree(std::unique_ptr<Operator> op);

   private:
   std::unique_ptr<Operator> optimizeRelation(std::unique_ptr<Operator> op, std::vector<ExprPtr> predicates);
   std::unique_ptr<Operator> orderRegion(std::unique_ptr<Operator> top);

   const CardinalityEstimator& estimates_;
};

/// Optimizes a relation of a region together with the predicates that read only it: below a Map
/// where they read none of its computed values, into the left side of a join that keeps its left
/// tuples as they are (outer, semi, anti) where they read only that side, else a filter on top.
std::unique_ptr<Operator> JoinOrdering::optimizeRelation(std::unique_ptr<Operator> op, std::vector<ExprPtr> predicates) {
   if (op->kind == OperatorKind::Map) {
      std::vector<const IU*> computed;
      for (auto& c : static_cast<Map&>(*op).computations) computed.push_back(c.output);
      std::vector<ExprPtr> below, above;
      for (auto& p : predicates) {
         std::vector<const IU*> used;
         p->collectIUs(used);
         bool readsComputed = std::any_of(used.begin(), used.end(), [&](const IU* iu) { return coveredBy({iu}, computed); });
         (readsComputed ? above : below).push_back(std::move(p));
      }
      op->children[0] = optimizeRelation(std::move(op->children[0]), std::move(below));
      return withFilter(std::move(op), std::move(above));
   }
   if (preservesLeft(*op)) {
      std::vector<const IU*> left = producedIUs(*op->children[0]);
      std::vector<ExprPtr> below, above;
      for (auto& p : predicates) {
         std::vector<const IU*> used;
         p->collectIUs(used);
         (coveredBy(used, left) ? below : above).push_back(std::move(p));
      }
      op->children[0] = optimizeRelation(std::move(op->children[0]), std::move(below));
      op->children[1] = optimizeTree(std::move(op->children[1]));
      return withFilter(std::move(op), std::move(above));
   }
   if (isRegionNode(*op)) return optimizeTree(withFilter(std::move(op), std::move(predicates)));
   return withFilter(optimizeTree(std::move(op)), std::move(predicates));
}

/// Marks the column equalities between relations with their equivalence class and adds the
/// equalities the classes imply between relations that no predicate equates directly.
void addImpliedEqualities(const std::vector<Relation>& relations, std::vector<Predicate>& predicates) {
   auto relationOf = [&](const IU* iu) {
      for (size_t r = 0; r < relations.size(); ++r)
         if (contains(relations[r].ius, iu)) return int(r);
      return -1;
   };
   EquivalenceClasses classes;
   for (auto& p : predicates) {
      auto equality = columnEquality(*p.expr);
      if (!equality) continue;
      int a = relationOf(equality->left), b = relationOf(equality->right);
      if (a >= 0 && b >= 0 && a != b) classes.merge(equality->left, equality->right);
   }
   // Per class and relation, one column of the class; and which relation pairs are equated.
   std::vector<std::vector<const IU*>> member;  // [class][relation]
   std::vector<std::vector<bool>> equated;      // [class][a * relations + b]
   auto ensure = [&](int k) {
      while (member.size() <= size_t(k)) {
         member.emplace_back(relations.size(), nullptr);
         equated.emplace_back(relations.size() * relations.size(), false);
      }
   };
   for (auto& p : predicates) {
      auto equality = columnEquality(*p.expr);
      if (!equality) continue;
      int a = relationOf(equality->left), b = relationOf(equality->right), k = classes.classOf(equality->left);
      if (a < 0 || b < 0 || a == b || k < 0) continue;
      ensure(k);
      p.equivalenceClass = k;
      if (!member[k][size_t(a)]) member[k][size_t(a)] = equality->left;
      if (!member[k][size_t(b)]) member[k][size_t(b)] = equality->right;
      equated[k][size_t(a) * relations.size() + size_t(b)] = equated[k][size_t(b) * relations.size() + size_t(a)] = true;
   }
   for (size_t k = 0; k < member.size(); ++k)
      for (size_t a = 0; a < relations.size(); ++a)
         for (size_t b = a + 1; b < relations.size(); ++b) {
            if (!member[k][a] || !member[k][b] || equated[k][a * relations.size() + b]) continue;
            Predicate implied;
            implied.expr = Expr::equality(Expr::columnRef(member[k][a]), Expr::columnRef(member[k][b]));
            implied.ius = {member[k][a], member[k][b]};
            implied.equivalenceClass = int(k);
            implied.implied = true;
            predicates.push_back(std::move(implied));
         }
}

/// What an OR of several relations' columns requires of the relation with `ius` alone: the OR
/// of each branch's conjuncts that read only that relation, when every branch has some (else
/// nullptr). In TPC-H Q7, `(n1 = 'FRANCE' AND n2 = 'GERMANY') OR (n1 = 'GERMANY' AND n2 =
/// 'FRANCE')` requires `n1 = 'FRANCE' OR n1 = 'GERMANY'` of n1: a filter below the join, which
/// keeps the OR as its condition (PostgreSQL's restriction clauses extracted from ORs).
ExprPtr restrictionOf(const Expr& disjunction, const std::vector<const IU*>& ius) {
   auto restriction = std::make_unique<Expr>(ExprKind::Or, SqlType::boolean());
   for (auto& branch : disjunction.children) {
      std::vector<const Expr*> parts;
      if (branch->kind == ExprKind::And)
         for (auto& c : branch->children) parts.push_back(c.get());
      else parts.push_back(branch.get());
      std::vector<ExprPtr> local;
      for (const Expr* part : parts) {
         std::vector<const IU*> used;
         part->collectIUs(used);
         if (!used.empty() && coveredBy(used, ius)) local.push_back(part->clone());
      }
      if (local.empty()) return nullptr;
      ExprPtr required = Expr::conjunction(std::move(local));
      restriction->nullable |= required->nullable;
      restriction->children.push_back(std::move(required));
   }
   return restriction;
}

std::unique_ptr<Operator> JoinOrdering::orderRegion(std::unique_ptr<Operator> top) {
   std::vector<Relation> relations;
   std::vector<ExprPtr> conjuncts;
   std::vector<FilteringJoin> filteringJoins;
   collect(std::move(top), relations, conjuncts, filteringJoins);
   std::vector<Predicate> predicates;
   for (auto& c : conjuncts) {
      c = factorOr(std::move(c));
      if (c->kind == ExprKind::And) {
         std::vector<ExprPtr> parts;
         splitConjuncts(std::move(c), parts);
         for (auto& part : parts) {
            Predicate p;
            part->collectIUs(p.ius);
            p.expr = std::move(part);
            predicates.push_back(std::move(p));
         }
         continue;
      }
      Predicate p;
      c->collectIUs(p.ius);
      p.expr = std::move(c);
      predicates.push_back(std::move(p));
   }
   addImpliedEqualities(relations, predicates);
   for (size_t i = 0, written = predicates.size(); i < written; ++i) {
      if (predicates[i].expr->kind != ExprKind::Or) continue;
      for (auto& relation : relations) {
         if (coveredBy(predicates[i].ius, relation.ius)) break;
         ExprPtr restriction = restrictionOf(*predicates[i].expr, relation.ius);
         if (!restriction) continue;
         predicates[i].restricted *= estimates_.selectivity(*restriction);
         Predicate p;
         restriction->collectIUs(p.ius);
         p.expr = std::move(restriction);
         predicates.push_back(std::move(p));
      }
   }
   // Predicates on one relation go right above it.
   for (auto& relation : relations) {
      std::vector<ExprPtr> local;
      for (auto& p : predicates)
         if (!p.applied && !p.ius.empty() && coveredBy(p.ius, relation.ius)) {
            local.push_back(std::move(p.expr));
            p.applied = true;
         }
      relation.op = optimizeRelation(std::move(relation.op), std::move(local));
      relation.rows = estimates_.rows(*relation.op);
   }
   // A selective semi/anti join on one relation goes right onto it, before the joins.
   for (auto& filtering : filteringJoins) {
      filtering.join->children[0] = optimizeTree(std::move(filtering.join->children[0]));
      for (auto& relation : relations) {
         if (filtering.leftIUs.empty() || !coveredBy(filtering.leftIUs, relation.ius)) continue;
         filtering.join->children.insert(filtering.join->children.begin(), std::move(relation.op));
         double rows = estimates_.rows(*filtering.join);
         if (rows < relation.rows / 2) {
            relation.rows = rows;
            relation.op = std::move(filtering.join);
         } else {
            relation.op = std::move(filtering.join->children[0]);
            filtering.join->children.erase(filtering.join->children.begin());
         }
         break;
      }
   }
   std::unique_ptr<Operator> result;
   if (relations.size() > 1 && relations.size() <= 12) result = orderByDynamicProgramming(relations, predicates, estimates_);
   if (!result) result = orderGreedily(relations, predicates, estimates_);
   // The other semi/anti joins filter the region's result.
   for (auto& filtering : filteringJoins) {
      if (!filtering.join) continue;
      filtering.join->children.insert(filtering.join->children.begin(), std::move(result));
      result = std::move(filtering.join);
   }
   // What is left reads no relation (constants) or could not be placed: a filter on top.
   std::vector<ExprPtr> rest;
   for (auto& p : predicates)
      if (!p.applied) rest.push_back(std::move(p.expr));
   if (!rest.empty()) {
      auto filter = std::make_unique<Filter>();
      filter->condition = Expr::conjunction(std::move(rest));
      filter->children.push_back(std::move(result));
      result = std::move(filter);
   }
   return result;
}

/// Conjuncts of an outer/semi/anti join's condition that read one side only filter that side's
/// input: the right one always (only right tuples that satisfy them can be partners), the left
/// one for a semi join (its left tuples need a partner anyway). A full join keeps its condition:
/// its tuples without a partner are part of the result from both sides.
void pushJoinConditionsDown(Join& join) {
   if (!join.condition || join.joinKind == JoinKind::Inner || join.joinKind == JoinKind::FullOuter) return;
   std::vector<ExprPtr> conjuncts, kept, leftOnly, rightOnly;
   splitConjuncts(std::move(join.condition), conjuncts);
   std::vector<const IU*> left = producedIUs(*join.children[0]), right = producedIUs(*join.children[1]);
   for (auto& c : conjuncts) {
      std::vector<const IU*> used;
      c->collectIUs(used);
      if (!used.empty() && coveredBy(used, right)) rightOnly.push_back(std::move(c));
      else if (!used.empty() && coveredBy(used, left) && join.joinKind == JoinKind::Semi) leftOnly.push_back(std::move(c));
      else kept.push_back(std::move(c));
   }
   join.condition = Expr::conjunction(std::move(kept));
   join.children[0] = withFilter(std::move(join.children[0]), std::move(leftOnly));
   join.children[1] = withFilter(std::move(join.children[1]), std::move(rightOnly));
}
std::unique_ptr<Operator> JoinOrdering::optimizeTree(std::unique_ptr<Operator> op) {
   if (op->kind == OperatorKind::Join) pushJoinConditionsDown(static_cast<Join&>(*op));
   if (isRegionNode(*op)) return orderRegion(std::move(op));
   for (auto& child : op->children) child = optimizeTree(std::move(child));
   return op;
}

}  // namespace

std::unique_ptr<Operator> orderJoins(std::unique_ptr<Operator> root, const CardinalityEstimator& estimates) {
   return JoinOrdering(estimates).optimizeTree(std::move(root));
}

}  // namespace kiln
