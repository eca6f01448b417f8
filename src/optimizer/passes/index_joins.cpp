#include "optimizer/passes/index_joins.h"

#include "optimizer/conjuncts.h"
#include "optimizer/index_lookup.h"
#include "storage/table.h"

namespace kiln {

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

}  // namespace kiln
