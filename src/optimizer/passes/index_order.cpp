#include "optimizer/passes/index_order.h"

#include <optional>

#include "storage/table.h"

namespace kiln {

namespace {

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

}  // namespace

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

}  // namespace kiln
