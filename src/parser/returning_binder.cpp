#include "parser/returning_binder.h"

#include "parser/expression_binder.h"
#include "parser/pg_parser.h"
#include "parser/select_binder.h"
#include "storage/table.h"

namespace kiln {

Returning bindReturning(PgQuery__Node** targets, size_t count, const Scope& scope, QueryPlan& plan, const IU* onlyWhere) {
   Returning returning{plan.columns.size(), {}};
   if (count == 0) return returning;
   ExpressionBinder binder(scope, plan.ius, clauses::returning);
   auto map = std::make_unique<Map>();
   auto add = [&](ExprPtr value, std::string name) {
      const IU* iu = value->kind == ExprKind::ColumnRef ? value->iu : nullptr;
      if (!iu) {
         if (onlyWhere) value = Expr::caseWhen(Expr::columnRef(onlyWhere), std::move(value));
         iu = plan.ius.make(value->type, value->nullable, name);
         map->computations.push_back({iu, std::move(value)});
      }
      plan.columns.push_back(iu);
      plan.columnNames.push_back(name);
      returning.names.push_back(std::move(name));
   };
   for (size_t i = 0; i < count; ++i) {
      const PgQuery__ResTarget& target = *targets[i]->res_target;
      if (isAStarRef(*target.val)) {
         // * is every table's columns (as SELECT * would list them), table.* that table's.
         const PgQuery__ColumnRef& ref = *target.val->column_ref;
         std::string table = ref.n_fields == 2 ? stringOf(ref.fields[0]) : "";
         if (!table.empty() && !scope.hasTable(table)) throw Error("42P01", "missing FROM-clause entry for table \"" + table + "\"", ref.location + 1);
         for (auto& column : scope.columns())
            if ((table.empty() && !column.qualifiedOnly) || column.table == table) add(Expr::columnRef(column.iu), column.name);
         continue;
      }
      add(binder.bind(*target.val), target.name && *target.name ? target.name : outputName(*target.val));
   }
   if (!map->computations.empty()) {
      map->children.push_back(std::move(plan.root));
      plan.root = std::move(map);
   }
   return returning;
}

Scope tableScope(const Table& table, const std::string& tableName, const std::vector<const IU*>& columns) {
   Scope scope;
   for (size_t c = 0; c < table.columnCount(); ++c) scope.add(tableName, table.column(c).name(), columns[c]);
   return scope;
}

}  // namespace kiln
