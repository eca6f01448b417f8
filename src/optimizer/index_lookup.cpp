#include "optimizer/index_lookup.h"

#include <optional>

#include "optimizer/conjuncts.h"
#include "optimizer/iu_sets.h"
#include "optimizer/narrowed_key.h"
#include "storage/table.h"

namespace kiln {

namespace {

/// How an index answers a filter's conditions: equalities on its first columns, then bounds on
/// the next one.
struct IndexAccess {
   std::vector<const ColumnCondition*> equalities;
   const ColumnCondition *low = nullptr, *high = nullptr;
};

/// The access an index offers for `conditions`, if it beats a scan: a hash index needs all its
/// columns given; an ordered one a prefix of them, or a range bounded from both sides (a range
/// open on one side may cover most of the table).
std::optional<IndexAccess> accessFor(const std::vector<ColumnCondition>& conditions, const TableScan& scan, const std::vector<size_t>& columns, bool ordered) {
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

}  // namespace

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
   best->condition = takeConjuncts(conjuncts, used);  // in the index's column order
   return best;
}

}  // namespace kiln
