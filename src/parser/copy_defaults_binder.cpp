#include "parser/copy_defaults_binder.h"

#include <algorithm>

#include "parser/column_default.h"

namespace kiln {

namespace {

/// `op` under a Map computing `computations`, or `op` itself when there are none.
std::unique_ptr<Operator> mapped(std::unique_ptr<Operator> op, std::unique_ptr<Map> map) {
   if (map->computations.empty()) return op;
   map->children.push_back(std::move(op));
   return map;
}

}  // namespace

CopyDefaults bindCopyDefaults(Table& table, const std::vector<size_t>& listed, const Catalog& catalog) {
   CopyDefaults defaults;
   auto plan = std::make_unique<QueryPlan>();
   SqlType& rowCount = plan->ius.parameter(1);
   rowCount = SqlType::bigInt();
   // Values that are the same in every row are computed below the series of rows, once.
   auto once = std::make_unique<Map>(), perRow = std::make_unique<Map>();
   bool anyDefault = false;
   for (size_t c = 0; c < table.columnCount(); ++c) {
      if (std::find(listed.begin(), listed.end(), c) != listed.end()) continue;
      Column& column = table.column(c);
      anyDefault |= !column.defaultSql().empty() || column.identity() != Column::Identity::None;
      ExprPtr value = defaultValueOf(column, plan->ius, catalog);
      if (value->kind == ExprKind::Constant) {
         defaults.columns.push_back({c, value->constant()});
         continue;
      }
      defaults.columns.push_back({c, std::nullopt, plan->columns.size()});
      const IU* iu = plan->ius.make(column.type(), value->nullable, column.name());
      plan->columns.push_back(iu);
      plan->columnNames.push_back(column.name());
      defaults.perRow |= value->isVolatile();
      (value->isVolatile() ? perRow : once)->computations.push_back({iu, std::move(value)});
   }
   if (!anyDefault) return {};
   if (plan->columns.empty()) return defaults;
   // SELECT <defaults> FROM generate_series(1, $1)
   auto oneRow = std::make_unique<Values>();
   oneRow->rows.emplace_back();
   auto series = std::make_unique<Series>();
   series->start = Expr::constantOf(Value::ofInteger(SqlType::bigInt(), 1));
   series->stop = std::make_unique<Expr>(ExprKind::Parameter, rowCount);
   series->stop->parameter = 1;
   series->stop->parameterType = &rowCount;
   series->stop->nullable = false;
   series->output = plan->ius.make(SqlType::bigInt(), false, "row");
   series->children.push_back(mapped(std::move(oneRow), std::move(once)));
   plan->root = mapped(std::move(series), std::move(perRow));
   defaults.plan = std::move(plan);
   return defaults;
}

}  // namespace kiln
