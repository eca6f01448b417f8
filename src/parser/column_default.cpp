#include "parser/column_default.h"

#include "parser/expression_binder.h"
#include "parser/pg_parser.h"
#include "storage/column.h"

namespace kiln {

ExprPtr defaultValueOf(Column& column, IUSet& ius, const Catalog& catalog) {
   if (column.identity() != Column::Identity::None) {
      auto next = std::make_unique<Expr>(ExprKind::Function, SqlType::bigInt());
      next->op = uint8_t(FunctionId::NextIdentity);
      next->nullable = false;
      next->counter = column.identityCounter();
      return ExpressionBinder::assign(std::move(next), column.type(), column.name());
   }
   if (column.defaultSql().empty()) return Expr::constantOf(Value::null(column.type()));
   // The catalog keeps the expression's text; it is bound again for each statement that needs it.
   std::string sql = "SELECT " + column.defaultSql();
   ParsedScript parsed(sql);
   Scope none;
   ExpressionBinder binder(none, ius, clauses::columnDefault);
   binder.resolveSequencesIn(catalog);
   ExprPtr value = binder.bind(*parsed.statement(0).select_stmt->target_list[0]->res_target->val);
   return ExpressionBinder::assign(std::move(value), column.type(), column.name());
}

}  // namespace kiln
