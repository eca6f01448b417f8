#include "optimizer/optimizer.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <limits>

#include "optimizer/cardinality.h"
#include "optimizer/equivalence_classes.h"
#include "optimizer/limited_recursion.h"
#include "optimizer/narrowed_key.h"
#include "optimizer/shared_subplans.h"
#include "storage/table.h"

namespace kiln {

namespace {

/// A relation of an inner-join region: an input the region's joins combine.
struct Relation {
   std::unique_ptr<Operator> op;
   std::vector<const IU*> ius;
   double rows = 1;
};

struct Predicate {
   ExprPtr expr;
   std::vector<const IU*> ius;
   bool applied = false;
   int equivalenceClass = -1;  // a column equality of this class (see EquivalenceClasses)
   bool implied = false;       // added because of the class, not written in the query
   /// The selectivity of the restrictions taken from this OR (restrictionOf), counted already
   /// where they filter their relations.
   double restricted = 1;
   /// The selectivity as a join condition: what the restrictions have not filtered out yet.
   double joinShare(double selectivity) const { return std::min(1.0, selectivity / restricted); }
};

bool contains(const std::vector<const IU*>& set, const IU* iu) { return std::find(set.begin(), set.end(), iu) != set.end(); }

bool coveredBy(const std::vector<const IU*>& used, const std::vector<const IU*>& available) {
   return std::all_of(used.begin(), used.end(), [&](const IU* iu) { return contains(available, iu); });
}

void splitConjuncts(ExprPtr e, std::vector<ExprPtr>& out) {
   if (e->kind != ExprKind::And) return out.push_back(std::move(e));
   for (auto& c : e->children) splitConjuncts(std::move(c), out);
}

bool isFilteringJoin(const Operator& op) {
   if (op.kind != OperatorKind::Join) return false;
   JoinKind kind = static_cast<const Join&>(op).joinKind;
   return kind == JoinKind::Semi || kind == JoinKind::Anti || kind == JoinKind::NullAwareAnti;
}

bool isRegionNode(const Operator& op) {
   return op.kind == OperatorKind::Filter || (op.kind == OperatorKind::Join && static_cast<const Join&>(op).joinKind == JoinKind::Inner) ||
          isFilteringJoin(op);
}

/// A semi or anti join found in a region: it filters the region's tuples, and may be applied to
/// the one relation it reads (early, when it is selective) or to the region's result.
struct FilteringJoin {
   std::unique_ptr<Join> join;  // its left child is filled in where it is placed
   std::vector<const IU*> leftIUs;
};

/// Takes a region apart into its relations, predicates and filtering joins.
void collect(std::unique_ptr<Operator> op, std::vector<Relation>& relations, std::vector<ExprPtr>& predicates,
             std::vector<FilteringJoin>& filteringJoins) {
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
      else
         parts.push_back(&branch);
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

class Optimizer {
   public:
   explicit Optimizer(const CardinalityEstimator& estimates) : estimates_(estimates) {}
   std::unique_ptr<Operator> optimizeTree(std::unique_ptr<Operator> op);

   private:
   std::unique_ptr<Operator> optimizeRelation(std::unique_ptr<Operator> op, std::vector<ExprPtr> predicates);
   std::unique_ptr<Operator> orderRegion(std::unique_ptr<Operator> top);
   /// The cheapest bushy join tree by dynamic programming over connected subsets; nullptr when
   /// the relations are not connected by predicates (then the greedy order decides).
   std::unique_ptr<Operator> orderByDynamicProgramming(std::vector<Relation>& relations, std::vector<Predicate>& predicates);
   /// Joins relations greedily, the cheapest next join first (for large or disconnected regions).
   std::unique_ptr<Operator> orderGreedily(std::vector<Relation>& relations, std::vector<Predicate>& predicates);

   const CardinalityEstimator& estimates_;
};

std::unique_ptr<Operator> withFilter(std::unique_ptr<Operator> op, std::vector<ExprPtr> predicates) {
   if (predicates.empty()) return op;
   auto filter = std::make_unique<Filter>();
   filter->condition = Expr::conjunction(std::move(predicates));
   filter->children.push_back(std::move(op));
   return filter;
}

/// Optimizes a relation of a region together with the predicates that read only it: below a Map
/// where they read none of its computed values, into the left side of a join that keeps its left
/// tuples as they are (outer, semi, anti) where they read only that side, else a filter on top.
std::unique_ptr<Operator> Optimizer::optimizeRelation(std::unique_ptr<Operator> op, std::vector<ExprPtr> predicates) {
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

/// Orders the joins of a region greedily: always the cheapest next join, preferring pairs that
/// a predicate connects; the smaller side is the build side.
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
      else
         parts.push_back(branch.get());
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

std::unique_ptr<Operator> Optimizer::orderRegion(std::unique_ptr<Operator> top) {
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
   if (relations.size() > 1 && relations.size() <= 12) result = orderByDynamicProgramming(relations, predicates);
   if (!result) result = orderGreedily(relations, predicates);
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
      if (!used.empty() && coveredBy(used, right))
         rightOnly.push_back(std::move(c));
      else if (!used.empty() && coveredBy(used, left) && join.joinKind == JoinKind::Semi)
         leftOnly.push_back(std::move(c));
      else
         kept.push_back(std::move(c));
   }
   join.condition = Expr::conjunction(std::move(kept));
   join.children[0] = withFilter(std::move(join.children[0]), std::move(leftOnly));
   join.children[1] = withFilter(std::move(join.children[1]), std::move(rightOnly));
}

std::unique_ptr<Operator> Optimizer::orderGreedily(std::vector<Relation>& relations, std::vector<Predicate>& predicates) {
   while (relations.size() > 1) {
      size_t bestA = 0, bestB = 1;
      double bestRows = std::numeric_limits<double>::max();
      bool bestConnected = false;
      for (size_t a = 0; a < relations.size(); ++a) {
         for (size_t b = a + 1; b < relations.size(); ++b) {
            std::vector<const IU*> both = relations[a].ius;
            both.insert(both.end(), relations[b].ius.begin(), relations[b].ius.end());
            double selectivityProduct = 1;
            bool connected = false;
            std::vector<const Expr*> keysA, keysB;
            for (auto& p : predicates) {
               if (p.applied || !coveredBy(p.ius, both)) continue;
               connected = true;
               if (p.implied) continue;  // its selectivity is the written equalities' (a guess that way)
               const Expr& e = *p.expr;
               if (e.kind == ExprKind::Comparison && e.compareOp() == CompareOp::Eq) {
                  std::vector<const IU*> left, right;
                  e.children[0]->collectIUs(left);
                  e.children[1]->collectIUs(right);
                  bool leftInA = !left.empty() && coveredBy(left, relations[a].ius), rightInB = !right.empty() && coveredBy(right, relations[b].ius);
                  bool leftInB = !left.empty() && coveredBy(left, relations[b].ius), rightInA = !right.empty() && coveredBy(right, relations[a].ius);
                  if (leftInA && rightInB) {
                     keysA.push_back(e.children[0].get());
                     keysB.push_back(e.children[1].get());
                     continue;
                  }
                  if (leftInB && rightInA) {
                     keysA.push_back(e.children[1].get());
                     keysB.push_back(e.children[0].get());
                     continue;
                  }
               }
               selectivityProduct *= p.joinShare(estimates_.joinSelectivity(e, relations[a].rows, relations[b].rows));
            }
            if (!keysA.empty()) selectivityProduct *= estimates_.keyJoinSelectivity(keysA, keysB, relations[a].rows, relations[b].rows);
            double rows = std::max(1.0, relations[a].rows * relations[b].rows * selectivityProduct);
            if ((connected && !bestConnected) || (connected == bestConnected && rows < bestRows)) {
               bestA = a;
               bestB = b;
               bestRows = rows;
               bestConnected = connected;
            }
         }
      }
      Relation& a = relations[bestA];
      Relation& b = relations[bestB];
      Relation& probe = a.rows >= b.rows ? a : b;
      Relation& build = a.rows >= b.rows ? b : a;
      auto join = std::make_unique<Join>(JoinKind::Inner);
      std::vector<const IU*> both = probe.ius;
      both.insert(both.end(), build.ius.begin(), build.ius.end());
      std::vector<ExprPtr> parts;
      for (auto& p : predicates)
         if (!p.applied && coveredBy(p.ius, both)) {
            parts.push_back(std::move(p.expr));
            p.applied = true;
         }
      join->condition = Expr::conjunction(std::move(parts));
      join->estimatedRows = bestRows;
      join->children.push_back(std::move(probe.op));
      join->children.push_back(std::move(build.op));
      Relation combined{std::move(join), both, bestRows};
      relations.erase(relations.begin() + long(std::max(bestA, bestB)));
      relations.erase(relations.begin() + long(std::min(bestA, bestB)));
      relations.push_back(std::move(combined));
   }
   return std::move(relations[0].op);
}

std::unique_ptr<Operator> Optimizer::orderByDynamicProgramming(std::vector<Relation>& relations, std::vector<Predicate>& predicates) {
   const size_t n = relations.size();
   using Set = uint32_t;
   auto relationsOf = [&](const std::vector<const IU*>& ius) {
      Set set = 0;
      for (size_t r = 0; r < n; ++r)
         for (const IU* iu : ius)
            if (contains(relations[r].ius, iu)) set |= Set(1) << r;
      return set;
   };
   // The join predicates, each with the relations it reads; equalities between the same two
   // relations form one key (see CardinalityEstimator::keyJoinSelectivity).
   struct JoinPredicate {
      Set set;
      double selectivity;
   };
   std::vector<JoinPredicate> joinPredicates;
   std::vector<std::vector<std::pair<const Expr*, const Expr*>>> keys(n * n);
   // Column equalities of an equivalence class. An implied one connects its relations; its
   // selectivity counts only where the query's own equalities (and the implied ones counted
   // before) have not joined its relations through the class already.
   struct ClassEdge {
      int equivalenceClass;
      size_t a, b;
      bool implied;
      double selectivity;
   };
   std::vector<ClassEdge> classEdges;
   int classCount = 0;
   for (auto& p : predicates) {
      if (p.applied) continue;
      Set set = relationsOf(p.ius);
      if (__builtin_popcount(set) < 2) continue;
      const Expr& e = *p.expr;
      if (p.equivalenceClass >= 0 && __builtin_popcount(set) == 2) {
         classCount = std::max(classCount, p.equivalenceClass + 1);
         size_t a = size_t(__builtin_ctz(set)), b = size_t(31 - __builtin_clz(set));
         if (p.implied) {
            joinPredicates.push_back({set, 1.0});
            Set left = relationsOf({e.children[0]->iu});
            if (left != (Set(1) << a)) std::swap(a, b);
            classEdges.push_back({p.equivalenceClass, a, b, true,
                                  estimates_.keyJoinSelectivity({e.children[0].get()}, {e.children[1].get()}, relations[a].rows, relations[b].rows)});
            continue;
         }
         classEdges.push_back({p.equivalenceClass, a, b, false, 1.0});
      }
      if (__builtin_popcount(set) == 2 && e.kind == ExprKind::Comparison && e.compareOp() == CompareOp::Eq) {
         Set a = relationsOf([&] { std::vector<const IU*> u; e.children[0]->collectIUs(u); return u; }());
         Set b = relationsOf([&] { std::vector<const IU*> u; e.children[1]->collectIUs(u); return u; }());
         if (__builtin_popcount(a) == 1 && __builtin_popcount(b) == 1 && a != b) {
            size_t i = size_t(__builtin_ctz(a)), j = size_t(__builtin_ctz(b));
            if (i < j)
               keys[i * n + j].push_back({e.children[0].get(), e.children[1].get()});
            else
               keys[j * n + i].push_back({e.children[1].get(), e.children[0].get()});
            continue;
         }
      }
      joinPredicates.push_back({set, p.joinShare(estimates_.selectivity(e))});
   }
   for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) {
         if (keys[i * n + j].empty()) continue;
         std::vector<const Expr*> left, right;
         for (auto& [a, b] : keys[i * n + j]) {
            left.push_back(a);
            right.push_back(b);
         }
         joinPredicates.push_back({(Set(1) << i) | (Set(1) << j),
                                   estimates_.keyJoinSelectivity(left, right, relations[i].rows, relations[j].rows)});
      }

   // Best plan per connected subset: its rows, cost (intermediate results plus hashed rows), split.
   const Set all = (Set(1) << n) - 1;
   std::vector<double> rows(size_t(all) + 1, 0), cost(size_t(all) + 1, -1);
   std::vector<Set> split(size_t(all) + 1, 0);
   for (Set s = 1; s <= all; ++s) {
      double r = 1;
      for (size_t i = 0; i < n; ++i)
         if (s & (Set(1) << i)) r *= relations[i].rows;
      for (auto& p : joinPredicates)
         if ((p.set & s) == p.set) r *= p.selectivity;
      if (!classEdges.empty()) {
         // Union-find over (class, relation): which relations each class has joined in s.
         std::vector<size_t> parent(size_t(classCount) * n);
         for (size_t i = 0; i < parent.size(); ++i) parent[i] = i;
         std::function<size_t(size_t)> find = [&](size_t i) { return parent[i] == i ? i : parent[i] = find(parent[i]); };
         for (bool implied : {false, true})
            for (const ClassEdge& edge : classEdges) {
               if (edge.implied != implied || !(s & (Set(1) << edge.a)) || !(s & (Set(1) << edge.b))) continue;
               size_t x = find(size_t(edge.equivalenceClass) * n + edge.a), y = find(size_t(edge.equivalenceClass) * n + edge.b);
               if (x == y) continue;
               parent[x] = y;
               if (implied) r *= edge.selectivity;
            }
      }
      rows[s] = std::max(1.0, r);
      if (__builtin_popcount(s) == 1) cost[s] = 0;
   }
   auto connects = [&](Set a, Set b) {
      for (auto& p : joinPredicates)
         if ((p.set & a) && (p.set & b) && (p.set & ~(a | b)) == 0) return true;
      return false;
   };
   for (Set s = 1; s <= all; ++s) {
      if (__builtin_popcount(s) < 2) continue;
      // Every split of s into two connected, mutually connected halves (each pair once).
      for (Set a = (s - 1) & s; a > 0; a = (a - 1) & s) {
         Set b = s & ~a;
         if (a < b || cost[a] < 0 || cost[b] < 0 || !connects(a, b)) continue;
         double c = cost[a] + cost[b] + rows[s] + std::min(rows[a], rows[b]);
         if (cost[s] < 0 || c < cost[s]) {
            cost[s] = c;
            split[s] = a;
         }
      }
   }
   if (cost[all] < 0) return nullptr;

   // A built subtree: its operator, the IUs it produces, the column equalities it applied.
   struct Built {
      std::unique_ptr<Operator> op;
      std::vector<const IU*> ius;
      std::vector<ColumnEquality> equalities;
   };
   std::function<Built(Set)> build = [&](Set s) {
      if (__builtin_popcount(s) == 1) {
         Relation& relation = relations[size_t(__builtin_ctz(s))];
         return Built{std::move(relation.op), relation.ius, {}};
      }
      Set a = split[s], b = s & ~a;
      Built left = build(a), right = build(b);
      // The larger input is probed, the smaller one hashed.
      if (rows[a] < rows[b]) std::swap(left, right);
      Built joined{nullptr, left.ius, left.equalities};
      joined.ius.insert(joined.ius.end(), right.ius.begin(), right.ius.end());
      joined.equalities.insert(joined.equalities.end(), right.equalities.begin(), right.equalities.end());
      // A column equality that those the inputs applied already imply is left out (the written
      // ones are taken first): an implied equality only has to order the joins.
      EquivalenceClasses equal;
      for (const ColumnEquality& e : joined.equalities) equal.merge(e.left, e.right);
      std::vector<ExprPtr> parts;
      for (bool implied : {false, true})
         for (auto& p : predicates) {
            if (p.applied || p.implied != implied || !coveredBy(p.ius, joined.ius)) continue;
            p.applied = true;
            if (auto equality = columnEquality(*p.expr)) {
               if (equal.same(equality->left, equality->right)) continue;
               equal.merge(equality->left, equality->right);
               joined.equalities.push_back(*equality);
            }
            parts.push_back(std::move(p.expr));
         }
      auto join = std::make_unique<Join>(JoinKind::Inner);
      join->condition = Expr::conjunction(std::move(parts));
      join->estimatedRows = rows[s];
      join->children.push_back(std::move(left.op));
      join->children.push_back(std::move(right.op));
      joined.op = std::move(join);
      return joined;
   };
   return build(all).op;
}

std::unique_ptr<Operator> Optimizer::optimizeTree(std::unique_ptr<Operator> op) {
   if (op->kind == OperatorKind::Join) pushJoinConditionsDown(static_cast<Join&>(*op));
   if (isRegionNode(*op)) return orderRegion(std::move(op));
   for (auto& child : op->children) child = optimizeTree(std::move(child));
   return op;
}

/// The conjuncts of `condition` that are equalities.
std::vector<const Expr*> equalityConjuncts(const Expr& condition) {
   std::vector<const Expr*> conjuncts{&condition}, equalities;
   for (size_t i = 0; i < conjuncts.size(); ++i) {
      const Expr& e = *conjuncts[i];
      if (e.kind == ExprKind::And)
         for (auto& c : e.children) conjuncts.push_back(c.get());
      else if (e.kind == ExprKind::Comparison && e.compareOp() == CompareOp::Eq)
         equalities.push_back(&e);
   }
   return equalities;
}

/// Whether a join condition has an equality between its two sides (a hash key).
bool hasKey(const Join& join) {
   if (!join.condition) return false;
   std::vector<const IU*> left = producedIUs(*join.children[0]), right = producedIUs(*join.children[1]);
   for (const Expr* equality : equalityConjuncts(*join.condition)) {
      const Expr& e = *equality;
      std::vector<const IU*> a, b;
      e.children[0]->collectIUs(a);
      e.children[1]->collectIUs(b);
      if (a.empty() || b.empty()) continue;
      if ((coveredBy(a, left) && coveredBy(b, right)) || (coveredBy(a, right) && coveredBy(b, left))) return true;
   }
   return false;
}

/// Conjuncts `column op value` where value reads no column but those of `outer` (constants,
/// parameters, an outer row's values).
struct ColumnCondition {
   size_t conjunct;
   const IU* column;
   CompareOp op;  // as if the column were on the left
   const Expr* value;
   std::shared_ptr<const Expr> narrowed;  // `value` when the column is widened by a cast (narrowedKey)
};

std::vector<ColumnCondition> columnConditions(const std::vector<ExprPtr>& conjuncts, const std::vector<const IU*>& outer) {
   std::vector<ColumnCondition> result;
   for (size_t c = 0; c < conjuncts.size(); ++c) {
      const Expr& e = *conjuncts[c];
      if (e.kind != ExprKind::Comparison) continue;
      CompareOp op = e.compareOp();
      if (op == CompareOp::Ne || op == CompareOp::IsDistinct || op == CompareOp::IsNotDistinct) continue;
      for (int side = 0; side < 2; ++side) {
         const Expr& column = *e.children[size_t(side)];
         const Expr& value = *e.children[size_t(1 - side)];
         std::vector<const IU*> valueIUs;
         value.collectIUs(valueIUs);
         // A volatile value (random()) is one per row, not one per lookup.
         if (!coveredBy(valueIUs, outer) || value.isVolatile()) continue;
         static const CompareOp mirrored[] = {CompareOp::Eq, CompareOp::Ne, CompareOp::Gt, CompareOp::Ge, CompareOp::Lt, CompareOp::Le};
         CompareOp columnOp = side == 0 ? op : mirrored[size_t(op)];
         if (column.kind != ExprKind::ColumnRef) {
            std::optional<NarrowedKey> key = narrowedKey(column, columnOp, value);
            if (!key) continue;
            std::shared_ptr<const Expr> narrowed = std::move(key->value);
            result.push_back({c, key->column, key->op, narrowed.get(), narrowed});
            continue;
         }
         result.push_back({c, column.iu, columnOp, &value, nullptr});
      }
   }
   return result;
}

/// How an index answers a filter's conditions: equalities on its first columns, then bounds on
/// the next one.
struct IndexAccess {
   std::vector<const ColumnCondition*> equalities;
   const ColumnCondition *low = nullptr, *high = nullptr;
};

/// The access an index offers for `conditions`, if it beats a scan: a hash index needs all its
/// columns given; an ordered one a prefix of them, or a range bounded from both sides (a range
/// open on one side may cover most of the table).
std::optional<IndexAccess> accessFor(const std::vector<ColumnCondition>& conditions, const TableScan& scan, const std::vector<size_t>& columns,
                                     bool ordered) {
   IndexAccess access;
   auto find = [&](size_t column, auto accept) -> const ColumnCondition* {
      for (auto& condition : conditions)
         if (condition.column == scan.columns[column] && accept(condition.op)) return &condition;
      return nullptr;
   };
   for (size_t column : columns) {
      const ColumnCondition* equality = find(column, [](CompareOp op) { return op == CompareOp::Eq; });
      if (!equality) break;
      access.equalities.push_back(equality);
   }
   if (access.equalities.size() == columns.size()) return access;
   if (!ordered) return std::nullopt;
   size_t next = columns[access.equalities.size()];
   // An index orders arrays by their text, not as arrays compare: equalities only.
   if (scan.columns[next]->type.isArray()) return access.equalities.empty() ? std::nullopt : std::optional<IndexAccess>(std::move(access));
   access.low = find(next, [](CompareOp op) { return op == CompareOp::Gt || op == CompareOp::Ge; });
   access.high = find(next, [](CompareOp op) { return op == CompareOp::Lt || op == CompareOp::Le; });
   if (access.equalities.empty() && !(access.low && access.high)) return std::nullopt;
   return access;
}

/// Ranks accesses: a whole unique key first, then by the columns they pin down.
int rank(const IndexAccess& access, bool wholeUniqueKey) {
   return wholeUniqueKey ? 1000 : 2 * int(access.equalities.size()) + (access.low ? 1 : 0) + (access.high ? 1 : 0);
}

/// The best ranked index lookup on `scan`'s table that answers some of `conjuncts` (see
/// accessFor), with keys and bounds that read nothing but `outer`'s IUs; the conjuncts it answers
/// move into it. Nullptr if no index helps.
std::unique_ptr<IndexScan> indexLookup(const TableScan& scan, std::vector<ExprPtr>& conjuncts, const std::vector<const IU*>& outer) {
   std::vector<ColumnCondition> conditions = columnConditions(conjuncts, outer);
   std::unique_ptr<IndexScan> best;
   IndexAccess bestAccess;
   int bestRank = -1;
   auto consider = [&](auto* index, bool unique, bool ordered) {
      auto access = accessFor(conditions, scan, index->columns(), ordered);
      if (!access) return;
      int r = rank(*access, unique && access->equalities.size() == index->columns().size());
      if (r <= bestRank) return;
      bestRank = r;
      bestAccess = *access;
      best = std::make_unique<IndexScan>(scan.table, index);
   };
   for (auto& index : scan.table->uniqueIndexes()) consider(index.get(), true, true);
   for (auto& index : scan.table->secondaryIndexes()) consider(index.get(), false, index->method() == SecondaryIndex::Method::BTree);
   if (!best) return nullptr;

   std::vector<size_t> used;
   for (auto* key : bestAccess.equalities) {
      best->keys.push_back(key->value->clone());
      used.push_back(key->conjunct);
   }
   if (bestAccess.low) {
      best->low = bestAccess.low->value->clone();
      best->lowInclusive = bestAccess.low->op == CompareOp::Ge;
      used.push_back(bestAccess.low->conjunct);
   }
   if (bestAccess.high) {
      best->high = bestAccess.high->value->clone();
      best->highInclusive = bestAccess.high->op == CompareOp::Le;
      used.push_back(bestAccess.high->conjunct);
   }
   best->columns = scan.columns;
   best->rowId = scan.rowId;
   std::vector<ExprPtr> answered, rest;  // answered in the index's column order
   for (size_t c : used) answered.push_back(std::move(conjuncts[c]));
   for (auto& c : conjuncts)
      if (c) rest.push_back(std::move(c));
   best->condition = Expr::conjunction(std::move(answered));
   conjuncts = std::move(rest);
   return best;
}

/// A lookup of whole unique keys for `column IN (values)` (constants or parameters) where
/// equalities give the key's other columns: one point lookup per value, when the list is short
/// against the table. The conjuncts it answers move into it. Nullptr if there is none.
std::unique_ptr<IndexScan> listLookup(const TableScan& scan, std::vector<ExprPtr>& conjuncts) {
   // Above this many values (or a sixteenth of the rows) scanning costs about as much.
   constexpr size_t maxAlternatives = 256;
   std::vector<ColumnCondition> conditions = columnConditions(conjuncts, {});
   auto equalityOn = [&](const IU* column) -> const ColumnCondition* {
      for (auto& condition : conditions)
         if (condition.column == column && condition.op == CompareOp::Eq) return &condition;
      return nullptr;
   };
   for (size_t c = 0; c < conjuncts.size(); ++c) {
      const Expr& list = *conjuncts[c];
      if (list.kind != ExprKind::InList || list.negated || list.children[0]->kind != ExprKind::ColumnRef) continue;
      const IU* column = list.children[0]->iu;
      size_t values = list.children.size() - 1;
      if (equalityOn(column) || values > maxAlternatives || values * 16 > std::max<size_t>(scan.table->liveRowCount(), maxAlternatives)) continue;
      bool constant = true;
      for (size_t i = 1; i < list.children.size(); ++i) {
         std::vector<const IU*> read;
         list.children[i]->collectIUs(read);
         constant = constant && read.empty() && !list.children[i]->isVolatile();
      }
      if (!constant) continue;
      for (auto& index : scan.table->uniqueIndexes()) {
         const std::vector<size_t>& columns = index->columns();
         std::vector<const ColumnCondition*> equalities;
         size_t at = columns.size();
         for (size_t i = 0; i < columns.size(); ++i) {
            if (scan.columns[columns[i]] == column) at = i;
            else if (const ColumnCondition* equality = equalityOn(scan.columns[columns[i]])) equalities.push_back(equality);
         }
         if (at == columns.size() || equalities.size() + 1 != columns.size()) continue;
         auto lookup = std::make_unique<IndexScan>(scan.table, index.get());
         lookup->columns = scan.columns;
         lookup->rowId = scan.rowId;
         lookup->alternativesAt = at;
         for (size_t i = 1; i < list.children.size(); ++i) lookup->alternatives.push_back(list.children[i]->clone());
         std::vector<size_t> used{c};
         for (const ColumnCondition* equality : equalities) {
            lookup->keys.push_back(equality->value->clone());
            used.push_back(equality->conjunct);
         }
         std::vector<ExprPtr> answered, rest;
         for (size_t u : used) answered.push_back(std::move(conjuncts[u]));
         for (auto& conjunct : conjuncts)
            if (conjunct) rest.push_back(std::move(conjunct));
         lookup->condition = Expr::conjunction(std::move(answered));
         conjuncts = std::move(rest);
         return lookup;
      }
   }
   return nullptr;
}

/// A filter on a table scan becomes an index lookup when an index answers some of its
/// conditions; the other conditions stay in a filter above it.
std::unique_ptr<Operator> useIndexes(std::unique_ptr<Operator> op) {
   for (auto& child : op->children) child = useIndexes(std::move(child));
   if (op->kind != OperatorKind::Filter || op->child().kind != OperatorKind::TableScan) return op;
   std::vector<ExprPtr> conjuncts;
   splitConjuncts(static_cast<Filter&>(*op).condition->clone(), conjuncts);
   std::unique_ptr<IndexScan> lookup = listLookup(static_cast<TableScan&>(op->child()), conjuncts);
   if (!lookup) lookup = indexLookup(static_cast<TableScan&>(op->child()), conjuncts, {});
   if (!lookup) return op;
   return withFilter(std::move(lookup), std::move(conjuncts));
}

/// An inner join of a small input with a (filtered) table scan becomes an index nested-loop
/// join when an index of the table answers the join's equalities: a lookup per row of the
/// small input instead of scanning the table. So does a left outer join with the table on the
/// right when the lookup answers all of its conditions (a condition left over could not drop
/// the matches without dropping the row). Runs before useIndexes, which would otherwise turn
/// the table's own filter into a lookup of its own.
std::unique_ptr<Operator> useIndexJoins(std::unique_ptr<Operator> op, const CardinalityEstimator& estimates) {
   for (auto& child : op->children) child = useIndexJoins(std::move(child), estimates);
   if (op->kind != OperatorKind::Join) return op;
   auto& join = static_cast<Join&>(*op);
   bool leftOuter = join.joinKind == JoinKind::LeftOuter;
   if ((join.joinKind != JoinKind::Inner && !leftOuter) || !join.condition) return op;
   // A lookup costs as much as scanning some tens of rows.
   constexpr double lookupCost = 30;
   for (size_t side : {size_t(1), size_t(0)}) {
      if (leftOuter && side == 0) continue;
      Operator* inner = join.children[side].get();
      Operator* filter = inner->kind == OperatorKind::Filter ? inner : nullptr;
      if (filter) inner = &filter->child();
      if (inner->kind != OperatorKind::TableScan) continue;
      auto& scan = static_cast<TableScan&>(*inner);
      const Operator& outer = *join.children[1 - side];
      if (estimates.rows(outer) * lookupCost > double(scan.table->liveRowCount())) continue;
      std::vector<ExprPtr> conjuncts;
      splitConjuncts(join.condition->clone(), conjuncts);
      if (filter) splitConjuncts(static_cast<Filter&>(*filter).condition->clone(), conjuncts);
      std::vector<const IU*> outerIUs = producedIUs(outer);
      auto lookup = indexLookup(scan, conjuncts, outerIUs);
      if (!lookup) continue;
      std::vector<const IU*> keyIUs;
      for (auto& key : lookup->keys) key->collectIUs(keyIUs);
      if (lookup->low) lookup->low->collectIUs(keyIUs);
      if (lookup->high) lookup->high->collectIUs(keyIUs);
      if (keyIUs.empty()) continue;  // no join key among the lookup's: a cross product
      if (leftOuter && !conjuncts.empty()) continue;
      // A lookup by part of a key finds every row sharing that part; when the conditions left
      // over (a hash join's other keys) drop most of them, the hash join reads less.
      if (!lookup->isPointLookup() && !lookup->keys.empty()) {
         std::vector<ExprPtr> indexed;
         std::vector<const Expr*> innerKeys, outerKeys;
         for (size_t i = 0; i < lookup->keys.size(); ++i) {
            indexed.push_back(Expr::columnRef(scan.columns[lookup->indexColumns()[i]]));
            innerKeys.push_back(indexed.back().get());
            outerKeys.push_back(lookup->keys[i].get());
         }
         double tableRows = double(scan.table->liveRowCount()), outerRows = estimates.rows(outer);
         double found = outerRows * tableRows * estimates.keyJoinSelectivity(outerKeys, innerKeys, outerRows, tableRows);
         if (outerRows * lookupCost + found > tableRows + outerRows + estimates.rows(join)) continue;
      }
      lookup->keepUnmatched = leftOuter;
      lookup->children.push_back(std::move(join.children[1 - side]));
      return withFilter(std::move(lookup), std::move(conjuncts));
   }
   return op;
}

/// The IU of the first index column after a lookup's equalities, when the lookup walks an ordered
/// index in key order (so its rows come ordered by that column); else nullptr.
const IU* orderedColumn(const Operator& op) {
   if (op.kind != OperatorKind::IndexScan || !op.children.empty()) return nullptr;
   auto& scan = static_cast<const IndexScan&>(op);
   const std::vector<size_t>& columns = scan.indexColumns();
   bool ordered = scan.index || scan.secondary->method() == SecondaryIndex::Method::BTree;
   if (!ordered || scan.isPointLookup() || scan.keys.size() >= columns.size()) return nullptr;
   return scan.columns[columns[scan.keys.size()]];
}

/// Lets ordered index lookups do the work of the operators above them: min() or max() of the
/// first free index column takes the first (or last) key; ORDER BY that column (then the next
/// ones) needs no sort; a LIMIT right above a lookup stops it early.
std::unique_ptr<Operator> useIndexOrder(std::unique_ptr<Operator> op) {
   for (auto& child : op->children) child = useIndexOrder(std::move(child));
   if (op->children.empty()) return op;
   const IU* column = orderedColumn(op->child());
   if (!column) return op;
   auto& scan = static_cast<IndexScan&>(op->child());
   switch (op->kind) {
      case OperatorKind::Aggregate: {
         auto& aggregate = static_cast<Aggregate&>(*op);
         if (!aggregate.keys.empty() || aggregate.aggregates.empty()) return op;
         AggregateFunction function = aggregate.aggregates[0].function;
         for (auto& call : aggregate.aggregates)
            if (call.function != function || (function != AggregateFunction::Min && function != AggregateFunction::Max) || call.distinct ||
                call.argument->kind != ExprKind::ColumnRef || call.argument->iu != column)
               return op;
         // NULLs sort first: the least non-NULL key, or the greatest key (NULL only if all are).
         scan.descending = function == AggregateFunction::Max;
         scan.nextNotNull = function == AggregateFunction::Min;
         scan.limit = 1;
         return op;
      }
      case OperatorKind::Sort: {
         auto& sort = static_cast<Sort&>(*op);
         if (scan.limit) return op;
         // Keys on columns the equalities fix are no sort keys; the others must follow the index's
         // columns in one direction, with NULLs where the walk meets them (first ascending).
         const std::vector<size_t>& indexColumns = scan.indexColumns();
         size_t next = scan.keys.size();
         std::optional<bool> descending;
         for (const SortKey& key : sort.keys) {
            bool fixed = false;
            for (size_t i = 0; i < scan.keys.size(); ++i) fixed |= scan.columns[indexColumns[i]] == key.iu;
            if (fixed) continue;
            if (next >= indexColumns.size() || scan.columns[indexColumns[next]] != key.iu) return op;
            bool nullable = !scan.table->column(indexColumns[next]).notNull();
            if ((descending && *descending != key.descending) || (nullable && key.nullsFirst == key.descending)) return op;
            descending = key.descending;
            ++next;
         }
         scan.descending = descending.value_or(false);
         return std::move(op->children[0]);
      }
      case OperatorKind::Limit: {
         auto& limit = static_cast<Limit&>(*op);
         if (scan.limit || limit.limit > UINT32_MAX || limit.offset > UINT32_MAX) return op;
         scan.limit = limit.limit + limit.offset;
         return op;
      }
      default: return op;
   }
}

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
            if (a.kind == ExprKind::ColumnRef && b.kind == ExprKind::ColumnRef && coveredBy({a.iu}, keys) && coveredBy({b.iu}, right) &&
                a.type == b.type)
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

/// Semi-join reduction of a decorrelated subquery (Neumann & Kemper's domain): when a join
/// matches a grouped aggregate on its group keys and the other side's keys come from a small
/// (filtered) table, the aggregate's input is first cut down to the rows whose keys occur
/// there. TPC-H Q17 then averages the lineitems of a few hundred parts, not of all 200,000.
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

/// Eager aggregation (Yan & Larson): an aggregate over a join whose aggregates read only one side
/// R of it, joined on equalities alone, first aggregates R by its join keys; the join then meets
/// one row per key instead of every R row, and the aggregate above combines the partial results
/// (sum of counts, min of mins, ...). Worth it when R has many rows per key: TPC-H Q13 counts
/// 1.5M orders per customer key before joining 150,000 customers.
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
         bool combinable = call.function == AggregateFunction::Count || call.function == AggregateFunction::Sum ||
                           call.function == AggregateFunction::Min || call.function == AggregateFunction::Max;
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
         if (coveredBy({a}, l) && coveredBy({b}, r))
            keys.push_back({a, b});
         else if (coveredBy({a}, r) && coveredBy({b}, l))
            keys.push_back({b, a});
         else
            fits = false;
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

/// Physical choices: an outer, semi or anti join hashes its left side when that is the smaller.
void choosePhysical(Operator& op, const CardinalityEstimator& estimates) {
   for (auto& child : op.children) choosePhysical(*child, estimates);
   if (op.kind != OperatorKind::Join) return;
   auto& join = static_cast<Join&>(op);
   bool kindAllows = join.joinKind == JoinKind::LeftOuter || join.joinKind == JoinKind::Semi || join.joinKind == JoinKind::Anti;
   join.buildLeft = kindAllows && hasKey(join) && estimates.rows(*join.children[0]) < estimates.rows(*join.children[1]);
}

void annotateEstimates(Operator& op, const CardinalityEstimator& estimates) {
   op.estimatedRows = estimates.rows(op);
   for (auto& child : op.children) annotateEstimates(*child, estimates);
}

}  // namespace

void optimize(QueryPlan& plan) {
   if (plan.optimized) return;
   plan.optimized = true;
   CardinalityEstimator estimates(*plan.root);
   plan.root = Optimizer(estimates).optimizeTree(std::move(plan.root));
   plan.root = reduceAggregatesToDomain(std::move(plan.root), estimates);
   plan.root = aggregateEagerly(std::move(plan.root), plan.ius, estimates);
   plan.root = shareRepeatedSubplans(std::move(plan.root), estimates);
   plan.root = useIndexJoins(std::move(plan.root), estimates);
   plan.root = useIndexes(std::move(plan.root));
   plan.root = useIndexOrder(std::move(plan.root));
   limitRecursions(*plan.root);
   choosePhysical(*plan.root, estimates);
   annotateEstimates(*plan.root, estimates);
}

}  // namespace kiln
