#include "parser/modification_source.h"

#include <string>

#include "parser/select_binder.h"

namespace kiln {

ModificationSource bindModificationSource(const PgQuery__WithClause* with, const PgQuery__RangeVar& relation, PgQuery__Node* const* otherTables,
                                          size_t otherTableCount, const PgQuery__Node* where, const std::vector<const PgQuery__Node*>& values,
                                          const std::vector<ColumnInfo>& targetColumns, const Table& table, const Catalog& catalog,
                                          const std::vector<SqlType>& parameterTypes) {
   // The target comes first among the FROM items: its scan is the one that yields the row id.
   PgQuery__Node target = PG_QUERY__NODE__INIT;
   target.node_case = PG_QUERY__NODE__NODE_RANGE_VAR;
   target.range_var = const_cast<PgQuery__RangeVar*>(&relation);
   std::vector<PgQuery__Node*> fromList{&target};
   fromList.insert(fromList.end(), otherTables, otherTables + otherTableCount);
   std::vector<PgQuery__ResTarget> targets(values.size());
   std::vector<PgQuery__Node> targetNodes(values.size());
   std::vector<PgQuery__Node*> targetList;
   static char noName[] = "";
   for (size_t i = 0; i < values.size(); ++i) {
      targets[i] = PG_QUERY__RES_TARGET__INIT;
      targets[i].name = noName;
      targets[i].val = const_cast<PgQuery__Node*>(values[i]);
      targetNodes[i] = PG_QUERY__NODE__INIT;
      targetNodes[i].node_case = PG_QUERY__NODE__NODE_RES_TARGET;
      targetNodes[i].res_target = &targets[i];
      targetList.push_back(&targetNodes[i]);
   }
   PgQuery__SelectStmt select = PG_QUERY__SELECT_STMT__INIT;
   select.op = PG_QUERY__SET_OPERATION__SETOP_NONE;
   select.n_from_clause = fromList.size();
   select.from_clause = fromList.data();
   select.n_target_list = targetList.size();
   select.target_list = targetList.data();
   select.where_clause = const_cast<PgQuery__Node*>(where);
   if (with) {
      // The target is always the table, where the source's FROM would find a WITH query of its name.
      for (size_t i = 0; i < with->n_ctes; ++i) {
         const PgQuery__CommonTableExpr& cte = *with->ctes[i]->common_table_expr;
         if (!*relation.schemaname && cte.ctename == std::string(relation.relname))
            throw Error("0A000", "a WITH query named like the target table is not supported yet", cte.location + 1);
      }
      select.with_clause = const_cast<PgQuery__WithClause*>(with);
   }
   ModificationSource source;
   source.plan = std::make_unique<QueryPlan>();
   QueryPlan& plan = *source.plan;
   for (size_t i = 0; i < parameterTypes.size(); ++i) plan.ius.parameter(i + 1) = parameterTypes[i];
   SelectBinder binder(select, catalog, plan.ius, &targetColumns);
   binder.yieldRowIdOf(&table);
   auto bound = binder.bind();
   plan.root = std::move(bound.root);
   plan.columns = std::move(bound.columns);
   plan.columnNames = std::move(bound.names);
   source.tableColumns = binder.rowIdTableColumns();
   source.scope = binder.scope();
   return source;
}

}  // namespace kiln
