#include "optimizer/dynamic_programming_join_order.h"

#include <functional>

#include "optimizer/equivalence_classes.h"
#include "optimizer/iu_sets.h"

namespace kiln {

std::unique_ptr<Operator> orderByDynamicProgramming(std::vector<Relation>& relations, std::vector<Predicate>& predicates,
                                                    const CardinalityEstimator& estimates) {
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
                                  estimates.keyJoinSelectivity({e.children[0].get()}, {e.children[1].get()}, relations[a].rows, relations[b].rows)});
            continue;
         }
         classEdges.push_back({p.equivalenceClass, a, b, false, 1.0});
      }
      if (__builtin_popcount(set) == 2 && e.kind == ExprKind::Comparison && e.compareOp() == CompareOp::Eq) {
         Set a = relationsOf([&] {
            std::vector<const IU*> u;
            e.children[0]->collectIUs(u);
            return u;
         }());
         Set b = relationsOf([&] {
            std::vector<const IU*> u;
            e.children[1]->collectIUs(u);
            return u;
         }());
         if (__builtin_popcount(a) == 1 && __builtin_popcount(b) == 1 && a != b) {
            size_t i = size_t(__builtin_ctz(a)), j = size_t(__builtin_ctz(b));
            if (i < j) keys[i * n + j].push_back({e.children[0].get(), e.children[1].get()});
            else keys[j * n + i].push_back({e.children[1].get(), e.children[0].get()});
            continue;
         }
      }
      joinPredicates.push_back({set, p.joinShare(estimates.selectivity(e))});
   }
   for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) {
         if (keys[i * n + j].empty()) continue;
         std::vector<const Expr*> left, right;
         for (auto& [a, b] : keys[i * n + j]) {
            left.push_back(a);
            right.push_back(b);
         }
         joinPredicates.push_back({(Set(1) << i) | (Set(1) << j), estimates.keyJoinSelectivity(left, right, relations[i].rows, relations[j].rows)});
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

}  // namespace kiln
