// Limits per partition of the rows: they are numbered, row_number() OVER (PARTITION BY <keys>
// ORDER BY <order>), and those from OFFSET + 1 to OFFSET + LIMIT stay.
// - LIMIT/OFFSET in a correlated subquery counts the rows of each outer row. The subquery is
//   computed once for all outer rows (it is unnested), so its partitions are its side of each
//   correlation. Other correlations go through domains first (correlateThroughDomains).
// - SELECT DISTINCT ON (keys) keeps the first row of each partition in the ORDER BY's order.
#include "parser/select_binder.h"

namespace kiln {

void SelectBinder::limitPerCorrelation(const std::vector<SortKey>& order, std::optional<uint64_t> limit, std::optional<uint64_t> offset) {
   auto keys = std::make_unique<Map>();
   std::vector<const IU*> partitionBy;
   for (const Expr* e : correlationPartition()) {
      if (e->kind == ExprKind::ColumnRef) {
         partitionBy.push_back(e->iu);
         continue;
      }
      const IU* key = ius_.make(e->type, e->nullable, "partition key");
      keys->computations.push_back({key, e->clone()});
      partitionBy.push_back(key);
   }
   if (!keys->computations.empty()) push(std::move(keys));
   limitPerPartition(partitionBy, order, limit, offset);
}

void SelectBinder::limitPerPartition(const std::vector<const IU*>& partitionBy, const std::vector<SortKey>& order, std::optional<uint64_t> limit,
                                     std::optional<uint64_t> offset) {
   auto window = std::make_unique<Window>();
   window->partitionBy = partitionBy;
   window->orderBy = order;
   WindowCall rowNumber{};
   rowNumber.function = WindowFunction::RowNumber;
   rowNumber.output = ius_.make(SqlType::bigInt(), false, "row_number");
   window->calls.push_back(std::move(rowNumber));
   const IU* number = window->calls[0].output;
   push(std::move(window));

   auto compare = [&](CompareOp op, uint64_t bound) {
      auto e = std::make_unique<Expr>(ExprKind::Comparison, SqlType::boolean());
      e->op = uint8_t(op);
      e->nullable = false;
      e->children.push_back(Expr::columnRef(number));
      e->children.push_back(Expr::constantOf(Value::ofInteger(SqlType::bigInt(), int64_t(bound))));
      return e;
   };
   std::vector<ExprPtr> bounds;
   if (offset) bounds.push_back(compare(CompareOp::Gt, *offset));
   uint64_t last = (offset ? *offset : 0) + (limit ? *limit : 0);
   if (limit && last >= *limit && last <= uint64_t(INT64_MAX)) bounds.push_back(compare(CompareOp::Le, last));  // else no bound
   auto filter = std::make_unique<Filter>();
   filter->condition = Expr::conjunction(std::move(bounds));
   push(std::move(filter));
}

}  // namespace kiln
