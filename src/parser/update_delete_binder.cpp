#include "parser/update_delete_binder.h"

#include <algorithm>

#include "parser/check_constraint_binder.h"
#include "parser/column_default.h"
#include "parser/expression_binder.h"
#include "parser/modification_source.h"
#include "parser/returning_binder.h"
#include "parser/set_target.h"

namespace kiln {

namespace {

/// One column of SET and the expression it takes (a SetToDefault node for DEFAULT).
struct Assignment {
   size_t column;
   const PgQuery__Node* value;
};

std::vector<Assignment> bindAssignments(const PgQuery__UpdateStmt& update, const Table& table) {
   std::vector<Assignment> assignments;
   std::vector<size_t> columns;
   for (size_t i = 0; i < update.n_target_list; ++i) {
      const PgQuery__ResTarget& target = *update.target_list[i]->res_target;
      size_t column = assignedColumn(target, table, columns);
      const PgQuery__Node* value = assignedValue(target);
      checkAssignable(target, table.column(column), *value);
      columns.push_back(column);
      assignments.push_back({column, value});
   }
   return assignments;
}

}  // namespace

UpdateStatement bindUpdate(const PgQuery__UpdateStmt& update, Table& table, const Catalog& catalog, const std::vector<SqlType>& parameterTypes) {
   std::vector<Assignment> assignments = bindAssignments(update, table);
   // The source computes the given values; DEFAULT values are computed above it.
   std::vector<const PgQuery__Node*> values;
   std::vector<ColumnInfo> targets;
   for (const Assignment& a : assignments) {
      if (isDefault(*a.value)) continue;
      const Column& column = table.column(a.column);
      values.push_back(a.value);
      targets.push_back({column.name(), column.type(), column.notNull(), {}});
   }
   ModificationSource source = bindModificationSource(update.with_clause, *update.relation, update.from_clause, update.n_from_clause, update.where_clause,
                                                      values, targets, table, catalog, parameterTypes);
   QueryPlan& plan = *source.plan;
   const IU* rowId = plan.columns.back();
   UpdateStatement result{&table, {}, nullptr};
   result.joinsOtherTables = update.n_from_clause > 0;
   // The new values, converted to their columns' types as for INSERT.
   auto map = std::make_unique<Map>();
   std::vector<const IU*> newValues;
   size_t given = 0;
   for (const Assignment& a : assignments) {
      Column& column = table.column(a.column);
      ExprPtr value = isDefault(*a.value) ? defaultValueOf(column, plan.ius, catalog)
                                          : ExpressionBinder::assign(Expr::columnRef(plan.columns[given++]), column.type(), column.name());
      const IU* iu = value->kind == ExprKind::ColumnRef ? value->iu : nullptr;
      if (!iu) {
         iu = plan.ius.make(column.type(), value->nullable, column.name());
         map->computations.push_back({iu, std::move(value)});
      }
      result.columns.push_back(a.column);
      newValues.push_back(iu);
   }
   if (!map->computations.empty()) {
      map->children.push_back(std::move(plan.root));
      plan.root = std::move(map);
   }
   plan.columns = newValues;
   plan.columns.push_back(rowId);
   plan.columnNames.clear();
   for (size_t c : result.columns) plan.columnNames.push_back(table.column(c).name());
   plan.columnNames.push_back("row id");
   std::vector<const IU*> row = source.tableColumns;  // the row as updated
   for (size_t i = 0; i < result.columns.size(); ++i) row[result.columns[i]] = newValues[i];
   result.checks = yieldChecks(table, row, plan);
   // RETURNING sees the target's columns with their new values.
   for (ScopeColumn& name : source.scope.columns()) {
      auto column = std::find(source.tableColumns.begin(), source.tableColumns.end(), name.iu);
      if (column == source.tableColumns.end()) continue;
      auto assigned = std::find(result.columns.begin(), result.columns.end(), size_t(column - source.tableColumns.begin()));
      if (assigned != result.columns.end()) name.iu = newValues[size_t(assigned - result.columns.begin())];
   }
   result.returning = bindReturning(update.returning_list, update.n_returning_list, source.scope, plan);
   result.plan = std::move(source.plan);
   return result;
}

DeleteStatement bindDelete(const PgQuery__DeleteStmt& remove, Table& table, const Catalog& catalog, const std::vector<SqlType>& parameterTypes) {
   ModificationSource source = bindModificationSource(remove.with_clause, *remove.relation, remove.using_clause, remove.n_using_clause, remove.where_clause, {},
                                                      {}, table, catalog, parameterTypes);
   Returning returning = bindReturning(remove.returning_list, remove.n_returning_list, source.scope, *source.plan);
   return DeleteStatement{&table, std::move(source.plan), std::move(returning), remove.n_using_clause > 0};
}

}  // namespace kiln
