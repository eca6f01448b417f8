#include "engine/check_validation.h"

#include <cstring>
#include <optional>

#include "parser/check_constraint_binder.h"

namespace kiln {

void validateChecks(Table& table, const std::vector<CheckConstraint>& checks, size_t firstRow, bool newRows, StatementStats& stats) {
   if (checks.empty() || firstRow >= table.rowCount()) return;
   QueryPlan plan;
   auto scan = std::make_unique<TableScan>(&table);
   for (size_t c = 0; c < table.columnCount(); ++c)
      scan->columns.push_back(plan.ius.make(table.column(c).type(), !table.column(c).notNull(), table.column(c).name()));
   scan->rowId = plan.ius.make(SqlType::bigInt(), false, "row id");
   std::vector<const IU*> row = scan->columns;
   const IU* rowId = scan->rowId;
   plan.root = std::move(scan);
   if (firstRow > 0) {
      auto after = std::make_unique<Expr>(ExprKind::Comparison, SqlType::boolean());
      after->op = uint8_t(CompareOp::Ge);
      after->nullable = false;
      after->children.push_back(Expr::columnRef(rowId));
      after->children.push_back(Expr::constantOf(Value::ofInteger(SqlType::bigInt(), int64_t(firstRow))));
      auto filter = std::make_unique<Filter>();
      filter->condition = std::move(after);
      filter->children.push_back(std::move(plan.root));
      plan.root = std::move(filter);
   }
   plan.columns.push_back(rowId);
   plan.columnNames.push_back("row id");
   Checks bound = yieldChecks(table, checks, row, plan);
   // The failing row that comes first in the table (the plan may yield its rows in any order).
   std::optional<std::pair<int64_t, size_t>> failing;
   runPlan(plan, stats, [&](RowBuffer& buffer, const RowLayout& layout) {
      for (size_t r = 0; r < buffer.size(); ++r) {
         const char* values = buffer.row(r);
         int64_t id;
         std::memcpy(&id, values + layout.fields[0].offset, 8);
         if (failing && failing->first < id) continue;
         for (size_t i = 0; i < bound.names.size(); ++i) {
            const auto& field = layout.fields[bound.firstColumn + i];
            bool isNull = field.nullOffset >= 0 && values[field.nullOffset];
            if (isNull || values[field.offset]) continue;
            failing = std::make_pair(id, i);
            break;
         }
      }
   });
   if (!failing) return;
   const std::string& name = bound.names[failing->second];
   if (newRows) throw Error("23514", "new row for relation \"" + table.name() + "\" violates check constraint \"" + name + "\"");
   throw Error("23514", "check constraint \"" + name + "\" of relation \"" + table.name() + "\" is violated by some row");
}

}  // namespace kiln
