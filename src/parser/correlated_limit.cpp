// LIMIT/OFFSET in a correlated subquery counts the rows of each outer row. The subquery is
// computed once for all outer rows (it is unnested), so its rows are numbered per correlation
// value, row_number() OVER (PARTITION BY <the subquery's side of each correlation> ORDER BY
// <its ORDER BY>), and those from OFFSET + 1 to OFFSET + LIMIT stay. Other correlations go
// through domains first (correlateThroughDomains).
#include "parser/select_binder.h"

namespace kiln {

void SelectBinder::limitPerCorrelation(const std::vector<SortKey>& order, std::optional<uint64_t> limit, std::optional<uint64_t> offset) {
   std::vector<const Expr*> inner = correlationPartition();
   auto keys = std::make_unique<Map>();
   auto window = std::make_unique<Window>();
   for (const Expr* e : inner) {
      if (e->kind == ExprKind::ColumnRef) {
         window->partitionBy.push_back(e->iu);
         continue;
      }
      const IU* key = ius_.make(e->type, e->nullable, "partition key");
      keys->computations.push_back({key, e->clone()});
      window->partitionBy.push_back(key);
   }
   window->orderBy = order;
   WindowCall rowNumber{};
   rowNumber.function = WindowFunction::RowNumber;
   rowNumber.output = ius_.make(SqlType::bigInt(), false, "row_number");
   window->calls.push_back(std::move(rowNumber));
   const IU* number = window->calls[0].output;
   if (!keys->computations.empty()) push(std::move(keys));
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
