#include "optimizer/greedy_join_order.h"

#include <limits>

#include "optimizer/iu_sets.h"

namespace kiln {

std::unique_ptr<Operator> orderGreedily(std::vector<Relation>& relations, std::vector<Predicate>& predicates, const CardinalityEstimator& estimates) {
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
               selectivityProduct *= p.joinShare(estimates.joinSelectivity(e, relations[a].rows, relations[b].rows));
            }
            if (!keysA.empty()) selectivityProduct *= estimates.keyJoinSelectivity(keysA, keysB, relations[a].rows, relations[b].rows);
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

}  // namespace kiln
