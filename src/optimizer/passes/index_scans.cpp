#include "optimizer/passes/index_scans.h"

#include "optimizer/conjuncts.h"
#include "optimizer/index_lookup.h"
#include "storage/table.h"

namespace kiln {

namespace {

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
         lookup->condition = takeConjuncts(conjuncts, used);
         return lookup;
      }
   }
   return nullptr;
}

}  // namespace

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

}  // namespace kiln
